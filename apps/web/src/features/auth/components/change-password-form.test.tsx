import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

function renderForm() {
  const changed = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChangePasswordForm onChanged={changed} />
    </QueryClientProvider>,
  );
  return changed;
}

describe('change password (tutor profile, family settings)', () => {
  it('shows a wrong current password beside its field; a good change signs the family out', async () => {
    let calls = 0;
    server.use(
      http.post('/api/accounts/password/', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              {
                detail: 'Your current password is not correct.',
                errors: { current_password: ['Your current password is not correct.'] },
              },
              { status: 400 },
            )
          : HttpResponse.json({
              detail: 'Your password was changed. Please sign in again with the new one.',
            });
      }),
    );
    const changed = renderForm();
    await userEvent.type(await screen.findByLabelText('Current password'), 'wrong');
    await userEvent.type(screen.getByLabelText('New password'), 'newpass123');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    expect(changed).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await vi.waitFor(() =>
      expect(changed).toHaveBeenCalledWith(
        'Your password was changed. Please sign in again with the new one.',
      ),
    );
  });
});
