import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { RequireRole } from '../../require-role.tsx';
import LoginPage from './login.tsx';
import { saveSession } from '../../../lib/auth-storage.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { server } from '../../../test/msw-server.ts';
import { clearLogoutIntent, signInAgain } from '../../../features/auth/hooks/use-auth.ts';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form.tsx';

const TOKEN = 'header.eyJyb2xlIjoic3R1ZGVudCIsImV4cCI6OTk5OTk5OTk5OX0.sig';

afterEach(async () => {
  clearLogoutIntent();
  await act(() => changeLanguage('en'));
});

function renderSettings() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home page</p> },
      { path: '/login', element: <LoginPage /> },
      {
        element: <RequireRole roles={['student']} />,
        children: [
          {
            path: '/student/settings',
            element: (
              <>
                <ChangePasswordForm onChanged={signInAgain} />
                <Outlet />
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: ['/student/settings'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('a password change (issue 31 item 3, decision 256)', () => {
  it('says so on the sign-in page and asks to sign in again, instead of landing on / with no message', async () => {
    server.use(
      http.post('/api/accounts/password/', () =>
        HttpResponse.json({ detail: accountMessages.passwordChanged }),
      ),
      http.post('/api/accounts/logout/', () => new HttpResponse(null, { status: 204 })),
    );
    saveSession({ access: TOKEN, refresh: 'r', role: 'student' });
    const router = renderSettings();
    await userEvent.type(await screen.findByLabelText('Current password'), 'oldpass123');
    await userEvent.type(screen.getByLabelText('New password'), 'newpass123');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been changed. Please sign in again.',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it('describes the password fields only with elements that exist', async () => {
    server.use(
      http.post('/api/accounts/password/', () =>
        HttpResponse.json(
          {
            detail: accountMessages.currentPasswordWrong,
            errors: { current_password: [accountMessages.currentPasswordWrong] },
          },
          { status: 400 },
        ),
      ),
    );
    saveSession({ access: TOKEN, refresh: 'r', role: 'student' });
    renderSettings();
    const current = await screen.findByLabelText('Current password');
    const next = screen.getByLabelText('New password');
    const described = (el: HTMLElement) =>
      (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    const allExist = (el: HTMLElement) => described(el).every((id) => document.getElementById(id) !== null);
    expect(allExist(current)).toBe(true);
    expect(allExist(next)).toBe(true);
    expect(described(next)).toContain('new-help');
    await userEvent.type(current, 'wrong');
    await userEvent.type(next, 'newpass123');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText(accountMessages.currentPasswordWrong);
    expect(described(current)).toEqual(['current-error']);
    expect(allExist(current)).toBe(true);
    expect(current).toHaveAttribute('aria-invalid', 'true');
  });

  it('has the notice in Amharic', async () => {
    await act(() => changeLanguage('am'));
    const { default: am } = await import('../../../locales/am/auth.json');
    expect((am as Record<string, string>)[accountMessages.passwordChanged]).toBeTruthy();
  });
});
