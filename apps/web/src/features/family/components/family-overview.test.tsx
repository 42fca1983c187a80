import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReservationSummary } from '@tibeb/domain/bookings/payload';
import type { FamilyOverview as Overview, FamilySession } from '@tibeb/domain/family/contracts';
import { server } from '../../../test/msw-server.ts';
import { FamilyOverview } from './family-overview.tsx';

const start = new Date(Date.now() + 3 * 24 * 3_600_000);
const session = (
  id: string,
  inTime: boolean,
  url: string | null = null,
  provider: 'own' | 'jitsi' | 'none' = 'jitsi',
): FamilySession => ({
  id,
  reservation_id: 'r1',
  starts_at: start.toISOString(),
  ends_at: new Date(start.getTime() + 3_600_000).toISOString(),
  status: 'scheduled',
  time_zone: 'Africa/Addis_Ababa',
  duration_minutes: 60,
  subject: 'Mathematics',
  student_name: 'Nahom Alemayehu',
  tutor_id: 1,
  tutor_name: 'Abebe Bekele',
  currency: 'USD',
  room: {
    url,
    audio_url: url && provider === 'jitsi' ? `${url}#config.startAudioOnly=true` : null,
    opens_at: new Date(start.getTime() - 15 * 60_000).toISOString(),
    provider,
  },
  terms: {
    in_time: inTime,
    notice_hours: 12,
    free_until: new Date(start.getTime() - 12 * 3_600_000).toISOString(),
    value_cents: 2500,
    series_count: 2,
    series_value_cents: 5000,
  },
});

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

function serve(overview: Overview, onCancel?: (body: unknown) => void) {
  let current = overview;
  server.use(
    http.get('/api/student/overview/', () => HttpResponse.json(current)),
    http.get('/api/student/renewals/', () => HttpResponse.json([])),
    http.get('/api/student/payments/', () => HttpResponse.json([])),
    http.post('/api/bookings/sessions/:id/cancel/', async ({ request }) => {
      onCancel?.(await request.json());
      current = { ...current, credit: [{ currency: 'USD', amount_cents: 5000 }], upcoming: [] };
      return HttpResponse.json(summary);
    }),
  );
}

function renderOverview() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FamilyOverview />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const birrTerms = {
  in_time: true,
  notice_hours: 12,
  free_until: new Date(start.getTime() - 12 * 3_600_000).toISOString(),
  value_cents: 112500,
  series_count: 2,
  series_value_cents: 225000,
};

const base: Overview = {
  family: { name: 'Marta Alemayehu', email: 'student@tibeb.example', time_zone: 'America/New_York' },
  credit: [],
  upcoming: [],
};

describe('family overview', () => {
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  });

  it('shows each session in EAT and the family’s own zone, with a countdown and the room link once open', async () => {
    serve({ ...base, upcoming: [session('s1', true, 'https://meet.jit.si/Tibeb-abc')] });
    renderOverview();
    const card = (await screen.findAllByTestId('family-session'))[0]!;
    expect(card).toHaveTextContent('EAT');
    expect(card).toHaveTextContent('your time (New York)');
    expect(within(card).getByText(/^in (2|3) days/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Join the lesson' })).toHaveAttribute(
      'href',
      'https://meet.jit.si/Tibeb-abc',
    );
    // Audio only, with what each costs in data on a weak connection (issue 30 item 1).
    expect(within(card).getByRole('link', { name: 'Join with audio only' })).toHaveAttribute(
      'href',
      'https://meet.jit.si/Tibeb-abc#config.startAudioOnly=true',
    );
    expect(card).toHaveTextContent('audio only uses about 20 MB an hour');
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('$0.00');
  });

  it('says the link will come from the tutor when the platform has no room for it (decision 267)', async () => {
    serve({ ...base, upcoming: [session('s1', true, null, 'none')] });
    renderOverview();
    const card = (await screen.findAllByTestId('family-session'))[0]!;
    expect(card).toHaveTextContent('The lesson link will come from your tutor.');
    expect(within(card).queryByRole('link', { name: 'Join the lesson' })).toBeNull();
  });

  it('cancels the rest of the series for credit after saying what comes back; the credit then shows', async () => {
    const bodies: unknown[] = [];
    serve({ ...base, upcoming: [session('s1', true)] }, (b) => bodies.push(b));
    renderOverview();
    const card = (await screen.findAllByTestId('family-session'))[0]!;
    expect(within(card).getByText(/The lesson link appears at/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel a session' });
    await userEvent.click(within(dialog).getByLabelText('This and the rest of the series (2 sessions)'));
    expect(within(dialog).getByTestId('cancel-terms')).toHaveTextContent('$50.00 comes back as credit now');
    await userEvent.click(within(dialog).getByLabelText('As a refund to my card'));
    expect(within(dialog).getByTestId('cancel-terms')).toHaveTextContent('$50.00 goes back to your card');
    await userEvent.click(within(dialog).getByLabelText('As credit for a later booking (at once)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel 2 sessions' }));
    expect(await within(dialog).findByText(/2 sessions are cancelled/)).toBeInTheDocument();
    expect(bodies).toEqual([{ scope: 'series', outcome: 'credit' }]);
    expect(
      await screen.findByText('$50.00', { selector: '[data-testid="credit-balance"]' }),
    ).toBeInTheDocument();
  });

  it('shows the credit per currency, each spent on bookings in it', async () => {
    serve({
      ...base,
      credit: [
        { currency: 'USD', amount_cents: 1200 },
        { currency: 'ETB', amount_cents: 45000 },
      ],
    });
    renderOverview();
    expect(await screen.findByTestId('credit-balance')).toHaveTextContent(/^\$12\.00 and ETB 450\.00$/);
    expect(
      screen.getByText(
        'Credit in birr is spent on bookings paid in birr, and credit in dollars on bookings in dollars.',
      ),
    ).toBeInTheDocument();
  });

  it('shows birr credit alone in birr, and no birr rule without it', async () => {
    serve({ ...base, credit: [{ currency: 'ETB', amount_cents: 337500 }] });
    renderOverview();
    expect(await screen.findByTestId('credit-balance')).toHaveTextContent(/^ETB 3,375\.00$/);
    cleanup();
    serve({ ...base, credit: [{ currency: 'USD', amount_cents: 2000 }] });
    renderOverview();
    expect(await screen.findByTestId('credit-balance')).toHaveTextContent(/^\$20\.00$/);
    expect(screen.queryByText(/Credit in birr/)).not.toBeInTheDocument();
  });

  it('a birr booking’s session: what comes back is in birr, as birr credit or through Chapa', async () => {
    serve({ ...base, upcoming: [{ ...session('s1', true), currency: 'ETB', terms: birrTerms }] });
    renderOverview();
    const card = (await screen.findAllByTestId('family-session'))[0]!;
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel a session' });
    const terms = within(dialog).getByTestId('cancel-terms');
    expect(terms).toHaveTextContent('ETB 1,125.00 comes back as credit now');
    await userEvent.click(within(dialog).getByLabelText('As a refund through Chapa'));
    expect(terms).toHaveTextContent(
      'ETB 1,125.00 goes back through Chapa to the account or card you paid with.',
    );
    expect(within(dialog).queryByLabelText('As a refund to my card')).not.toBeInTheDocument();
  });

  it('inside the notice the dialog says the session is not free, and moving is refused with a reason', async () => {
    serve({ ...base, upcoming: [session('s1', false)] });
    renderOverview();
    const card = (await screen.findAllByTestId('family-session'))[0]!;
    expect(card).toHaveTextContent('Inside the 12-hour notice: no longer free to change');
    await userEvent.click(within(card).getByRole('button', { name: 'Reschedule' }));
    const move = screen.getByRole('dialog', { name: 'Reschedule a session' });
    expect(move).toHaveTextContent(
      'This session starts in less than 12 hours, so it can no longer be moved here.',
    );
    await userEvent.click(within(move).getByRole('button', { name: 'Close' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel a session' });
    expect(within(dialog).getByTestId('cancel-terms')).toHaveTextContent(
      'Not free: this session starts in less than 12 hours, so its $25.00 is kept.',
    );
  });
});
