import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReservationSummary } from '@tibeb/domain/bookings/payload';
import type { FamilySession } from '@tibeb/domain/family/contracts';
import type { ReactNode } from 'react';
import { changeLanguage } from '../../../lib/i18n.ts';
import { server } from '../../../test/msw-server.ts';
import { FamilyCancelDialog, FamilyRescheduleDialog } from './session-dialogs.tsx';

const session: FamilySession = {
  id: 's1',
  reservation_id: 'r1',
  starts_at: '2030-03-05T14:00:00.000Z',
  ends_at: '2030-03-05T15:00:00.000Z',
  status: 'scheduled',
  time_zone: 'Africa/Addis_Ababa',
  duration_minutes: 60,
  subject: 'Mathematics',
  student_name: 'Nahom',
  tutor_id: 7,
  tutor_name: 'Abebe Bekele',
  currency: 'USD',
  room: { url: null, audio_url: null, opens_at: '2030-03-05T13:45:00.000Z', provider: 'jitsi' },
  terms: {
    in_time: true,
    notice_hours: 12,
    free_until: '2030-03-05T02:00:00.000Z',
    value_cents: 2500,
    series_count: 2,
    series_value_cents: 5000,
  },
};

/** What the lifecycle's session routes answer: the reservation's summary (reservationSummarySchema). */
const summary: ReservationSummary = {
  id: '11111111-1111-4111-8111-111111111111',
  status: 'confirmed',
  amount: 100,
  amount_cents: 10000,
  currency: 'USD',
  tutor: { id: 7, full_name: 'Abebe Bekele' },
  subject: 'Mathematics',
  duration_hours: 1,
  time_zone: 'Africa/Addis_Ababa',
  hold_expires_at: '2030-03-01T10:30:00.000Z',
  sessions: [],
  skipped: [],
  full_name: 'Almaz Tesfaye',
  email: 'almaz@example.com',
  credit_cents: 0,
  credit_applied_cents: 0,
  amount_charged: 100,
  amount_charged_cents: 10000,
};

const renderDialog = (dialog: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {dialog}
    </QueryClientProvider>,
  );

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});

describe('the family reschedule dialog', () => {
  it("offers only the tutor's free times of the session's month and moves the chosen one", async () => {
    const asked: string[] = [];
    const moved: unknown[] = [];
    server.use(
      http.get('/api/reservations/available/', ({ request }) => {
        const url = new URL(request.url);
        asked.push(
          ['tutor_id', 'year', 'month', 'duration_minutes', 'only_future']
            .map((k) => url.searchParams.get(k))
            .join(','),
        );
        return HttpResponse.json({ available: { '2030-03-07': ['10:00', '18:00'], '2030-03-08': [] } });
      }),
      http.post('/api/bookings/sessions/s1/reschedule/', async ({ request }) => {
        moved.push(await request.json());
        return HttpResponse.json(summary);
      }),
      // The server's dry run of the series move (decision 250): every new date, before the Move button.
      http.post('/api/bookings/sessions/s1/reschedule/preview/', () =>
        HttpResponse.json({
          moves: [
            { session_id: 's1', from: '2030-03-05T14:00:00.000Z', to: '2030-03-07T15:00:00.000Z' },
            { session_id: 's3', from: '2030-03-12T14:00:00.000Z', to: '2030-03-14T15:00:00.000Z' },
          ],
          others: [{ weekday: 'fri', time: '17:00' }],
        }),
      ),
    );
    renderDialog(<FamilyRescheduleDialog session={session} familyZone="Europe/London" onClose={() => {}} />);
    const date = await screen.findByLabelText('New date');
    // Future times only: a time the server would refuse is never offered.
    expect(asked).toEqual(['7,2030,3,60,1']);
    // Only dates with a free time are offered.
    expect([...(date as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', '2030-03-07']);
    await userEvent.selectOptions(date, '2030-03-07');
    const time = screen.getByLabelText('New time (EAT)') as HTMLSelectElement;
    expect([...time.options].map((o) => o.textContent)).toEqual([
      'Choose a time',
      '10:00 EAT · Thu 7 Mar, 07:00 your time (London)',
      '18:00 EAT · Thu 7 Mar, 15:00 your time (London)',
    ]);
    await userEvent.selectOptions(time, '18:00');
    await userEvent.click(screen.getByLabelText(/This and the rest of the series/));
    const dates = await screen.findByTestId('series-move-dates');
    expect(dates.textContent).toContain('Tue 5 Mar, 17:00 EAT');
    expect(dates.textContent).toContain('Thu 14 Mar, 18:00 EAT');
    expect(screen.getByText('Your Friday sessions (17:00 EAT)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Move the sessions shown' }));
    expect(await screen.findByText(/Moved to Thu 7 Mar, 18:00 EAT/)).toBeInTheDocument();
    expect(moved).toEqual([{ date: '2030-03-07', time: '18:00', scope: 'series', others: [] }]);
  });
});

describe('the family cancel dialog', () => {
  it('shows the refusal in Amharic by its code and values, whatever its English says', async () => {
    server.use(
      http.post('/api/bookings/sessions/s1/cancel/', () =>
        HttpResponse.json(
          { detail: 'Nope: done already.', code: 'not_cancellable', params: { status: 'completed' } },
          { status: 409 },
        ),
      ),
    );
    await changeLanguage('am');
    renderDialog(<FamilyCancelDialog session={session} familyZone="Africa/Addis_Ababa" onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'ክፍለ ጊዜ ይሰርዙ' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'ይህን ክፍለ ጊዜ ይሰርዙ' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('ይህ ክፍለ ጊዜ የተጠናቀቀ ስለሆነ መሰረዝ አይቻልም።');
    expect(alert).not.toHaveTextContent(/Nope|completed/);
  });
});
