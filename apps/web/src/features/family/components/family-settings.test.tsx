import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
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

function renderSettings() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FamilySettings passwordForm={<p>The password form</p>} />
    </QueryClientProvider>,
  );
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
    expect(await screen.findByText('The password form')).toBeInTheDocument();
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
});
