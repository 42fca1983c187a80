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
  time_zone: 'Africa/Addis_Ababa',
  communication_preference: 'phone',
  reminders_enabled: true,
};

describe('lesson reminders in the family settings', () => {
  it('says when and how reminders come, and turns them off', async () => {
    const bodies: { reminders_enabled?: boolean }[] = [];
    server.use(
      http.get('/api/student/settings/', () => HttpResponse.json(settings)),
      http.put('/api/student/settings/', async ({ request }) => {
        const body = (await request.json()) as typeof settings;
        bodies.push(body);
        return HttpResponse.json({ ...settings, ...body });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <FamilySettings passwordForm={<p>The password form</p>} />
      </QueryClientProvider>,
    );
    const box = await screen.findByRole('checkbox', { name: 'Send me lesson reminders' });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(/24 hours and 1 hour before each lesson/);
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Your settings were saved.')).toBeInTheDocument();
    expect(bodies).toMatchObject([{ reminders_enabled: false, communication_preference: 'phone' }]);
  });
});
