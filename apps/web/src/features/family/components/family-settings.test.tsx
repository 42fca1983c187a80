import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { FamilySettings } from './family-settings.tsx';

const settings = {
  first_name: 'Marta',
  last_name: 'Alemayehu',
  email: 'student@tibeb.example',
  time_zone: '',
  communication_preference: 'email',
  reminders_enabled: true,
};

function renderSettings(onPasswordChanged = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FamilySettings onPasswordChanged={onPasswordChanged} />
    </QueryClientProvider>,
  );
  return onPasswordChanged;
}

describe('family settings', () => {
  it('shows the detected zone, offers it, and saves the chosen zone and preference', async () => {
    const detected = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/student/settings/', () => HttpResponse.json(settings)),
      http.put('/api/student/settings/', async ({ request }) => {
        const body = (await request.json()) as object;
        bodies.push(body);
        return HttpResponse.json({ ...settings, ...body });
      }),
    );
    renderSettings();
    expect(
      await screen.findByText(new RegExp(`Detected on this device: ${detected.replace(/_/g, ' ')}`)),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Use ${detected.replace(/_/g, ' ')}` }));
    expect(screen.getByLabelText('Time zone')).toHaveValue(detected);
    await userEvent.selectOptions(screen.getByLabelText('Time zone'), 'America/New_York');
    await userEvent.click(screen.getByLabelText('WhatsApp'));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Your settings were saved.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        first_name: 'Marta',
        last_name: 'Alemayehu',
        time_zone: 'America/New_York',
        communication_preference: 'whatsapp',
        reminders_enabled: true,
      },
    ]);
  });

  it('shows a wrong current password beside its field; a good change signs the family out', async () => {
    let calls = 0;
    server.use(
      http.get('/api/student/settings/', () => HttpResponse.json(settings)),
      http.post('/api/student/settings/password/', () => {
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
    const changed = renderSettings();
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
