import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ReservationSummary } from '@tibeb/domain/bookings/payload';
import { changeLanguage } from '../../../lib/i18n.ts';
import { server } from '../../../test/msw-server.ts';
import { MarkAttendance } from './mark-attendance.tsx';

const sessionId = '11111111-2222-4333-8444-555555555555';

/** What the lifecycle's attendance route answers: the reservation's summary (reservationSummarySchema). */
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

function setup(answer: () => Response) {
  const calls: unknown[] = [];
  server.use(
    http.post(`/api/bookings/sessions/${sessionId}/attendance/`, async ({ request }) => {
      calls.push(await request.json());
      return answer();
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MarkAttendance sessionId={sessionId} studentName="Liya Kebede" />
    </QueryClientProvider>,
  );
  return calls;
}

describe('the tutor marks attendance', () => {
  it("sends the lifecycle's attendance call with the status and the note", async () => {
    const calls = setup(() => HttpResponse.json(summary));
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('No-show'));
    await user.type(screen.getByLabelText('Progress note for the family (optional)'), '  Did not join.  ');
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    await expect.poll(() => calls).toEqual([{ status: 'no_show', note: 'Did not join.' }]);
  });

  it("shows the server's refusal", async () => {
    setup(() => HttpResponse.json({ detail: 'This session has not started yet.' }, { status: 409 }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This session has not started yet.');
  });

  it('asks and answers in Amharic for a tutor who reads Amharic', async () => {
    await changeLanguage('am');
    const calls = setup(() => HttpResponse.json(summary));
    const user = userEvent.setup();
    expect(screen.getByRole('group', { name: 'Liya Kebede ተገኝቷል?' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('ተገኝቷል'));
    await user.click(screen.getByRole('button', { name: 'መገኘትን አስቀምጥ' }));
    await expect.poll(() => calls).toEqual([{ status: 'attended' }]);
  });

  it("shows the lifecycle's refusal in Amharic by its code, whatever its English says", async () => {
    await changeLanguage('am');
    setup(() => HttpResponse.json({ detail: 'Too early.', code: 'not_started_yet' }, { status: 409 }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'መገኘትን አስቀምጥ' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('መገኘት መመዝገብ የሚቻለው ክፍለ ጊዜው ከጀመረ በኋላ ነው።');
    expect(alert).not.toHaveTextContent('Too early.');
  });
});
