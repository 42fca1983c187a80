import { act, screen, waitFor, within } from '@testing-library/react';
import { bookingMessages as m } from '@tibeb/domain/bookings/messages';
import { planOccurrences } from '@tibeb/domain/bookings/plan';
import { monthDates, slotsInWindows, weekdayOf } from '@tibeb/domain/bookings/slots';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currencyMessages } from '@tibeb/domain/payments/currency';
import { changeLanguage } from '../../../lib/i18n.ts';
import bookingAmharic from '../../../locales/am/booking.json';
import chapaAmharic from '../../../locales/am/chapa.json';
import { server } from '../../../test/msw-server.ts';
import { firstMonday, now, renderWizard, wizardTutor } from './wizard.test-helpers.tsx';

// Whole journeys through three steps: slower than a unit test on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

const tutor = wizardTutor(
  { mon: [{ start: '16:00', end: '19:00' }] },
  { bio: '', education: '', teaching_style: '' },
);

type Posted = Record<string, unknown>;

/** The API as the server answers with Chapa on: birr at 750 per hour beside the tutor's 20 dollars. */
function useApi({
  birr = true,
  refuseBirr = false,
  credit,
}: {
  birr?: boolean;
  refuseBirr?: boolean;
  /** What the server adds for the signed-in family that owns the e-mail (decision 252). */
  credit?: { applied_cents: number; to_pay_cents: number };
} = {}) {
  const previews: Posted[] = [];
  const bookings: Posted[] = [];
  server.use(
    http.get('/api/tutors/public/7/', () => HttpResponse.json(tutor)),
    http.get('/api/reservations/available/', ({ request }) => {
      const p = new URL(request.url).searchParams;
      const available: Record<string, string[]> = {};
      for (const date of monthDates(Number(p.get('year')), Number(p.get('month')))) {
        available[date] =
          date > now && weekdayOf(date) === 'mon' ? slotsInWindows(tutor.availability.mon, 60) : [];
      }
      return HttpResponse.json({ available });
    }),
    http.post('/api/reservations/preview/', async ({ request }) => {
      const body = (await request.json()) as Posted & { date: string; time: string; duration_hours: number };
      previews.push(body);
      const sessions = planOccurrences({
        date: body.date,
        days: ['mon'],
        daysTimes: { mon: body.time },
      }).map((o) => ({
        date: o.date,
        time: o.time,
        start: `${o.date}T${o.time}:00+03:00`,
        status: 'planned',
      }));
      const options = [
        { currency: 'USD', hourly_rate_cents: 2000, amount_cents: 8000 },
        ...(birr ? [{ currency: 'ETB', hourly_rate_cents: 75000, amount_cents: 300000 }] : []),
      ];
      const chosen = options.find((o) => o.currency === (body.currency ?? 'USD'));
      if (!chosen)
        return HttpResponse.json({ detail: 'Payment in birr is not available right now.' }, { status: 400 });
      return HttpResponse.json({
        sessions,
        amount: chosen.amount_cents / 100,
        amount_cents: chosen.amount_cents,
        currency: chosen.currency,
        currency_options: options,
        tutor: { id: 7, full_name: tutor.full_name },
        subject: 'Chemistry',
        duration_hours: 1,
        time_zone: 'Africa/Addis_Ababa',
        ...(credit ? { credit } : {}),
      });
    }),
    http.post('/api/reservations/reservations/', async ({ request }) => {
      const body = (await request.json()) as Posted;
      bookings.push(body);
      const etb = body.currency === 'ETB';
      // Chapa switched off between the preview and the booking: the server refuses birr.
      if (etb && refuseBirr)
        return HttpResponse.json(
          {
            detail: currencyMessages.etbUnavailable,
            code: 'currency_etb_unavailable',
            errors: { currency: [currencyMessages.etbUnavailable] },
          },
          { status: 400 },
        );
      return HttpResponse.json(
        {
          id: '3f1c2a9e-8d7b-4c1a-9e2f-0a1b2c3d4e5f',
          status: 'pending_payment',
          amount: etb ? 3000 : 80,
          amount_cents: etb ? 300000 : 8000,
          currency: etb ? 'ETB' : 'USD',
          tutor: { id: 7, full_name: tutor.full_name },
          subject: 'Chemistry',
          duration_hours: 1,
          time_zone: 'Africa/Addis_Ababa',
          hold_expires_at: new Date(Date.now() + 1_800_000).toISOString(),
          sessions: [],
          skipped: [],
        },
        { status: 201 },
      );
    }),
  );
  return { previews, bookings };
}

async function toConfirmation() {
  const { user, router } = renderWizard();
  const type = async (label: string, text: string) => {
    await user.click(screen.getByLabelText(label));
    await user.paste(text);
  };
  await waitFor(() => expect(screen.getByLabelText('Subject')).toHaveValue('Chemistry'));
  await type('Full name', 'Hana Tesfaye');
  await type('Email', 'hana@example.com');
  await type('Phone', '+251 911 000 000');
  await user.selectOptions(screen.getByLabelText('Relationship to student'), 'Mother');
  await type('Student full name', 'Liya Tesfaye');
  await user.selectOptions(screen.getByLabelText('Grade'), 'Grade 7');
  await user.click(screen.getByLabelText(/I confirm the student information/));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Schedule' });
  const calendar = () => screen.getByTestId('booking-calendar');
  await waitFor(() => expect(calendar()).toHaveAttribute('aria-busy', 'false'));
  await user.click(screen.getByRole('button', { name: 'Next month' }));
  await waitFor(() => expect(calendar()).toHaveAttribute('aria-busy', 'false'));
  await user.click(
    within(calendar()).getByRole('button', {
      name: new RegExp(`^\\w+, ${Number(firstMonday.slice(8))} `),
    }),
  );
  await user.selectOptions(await screen.findByLabelText('Start time for Monday'), '16:00');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Confirmation' });
  return { user, router };
}

afterEach(() => vi.useRealTimers());

describe('paying in dollars or birr on the confirmation step (issue 18 §3)', () => {
  it('offers both with their amounts, dollars first; choosing birr reprices and books in birr', async () => {
    const api = useApi();
    const { user, router } = await toConfirmation();
    const choice = await screen.findByRole('group', { name: 'Pay in' });
    const usd = within(choice).getByRole('radio', { name: /US dollars, by card: \$80\.00/ });
    const etb = within(choice).getByRole('radio', { name: /Ethiopian birr, with Chapa: ETB 3,000\.00/ });
    expect(usd).toBeChecked();
    expect(etb).not.toBeChecked();
    expect(screen.getByTestId('confirm-cost')).toHaveTextContent('$80.00');
    expect(api.previews.at(-1)).toMatchObject({ currency: 'USD' });

    await user.click(etb);
    // The shown amount is the server's birr price, on the step and in the cost line, before anything is booked.
    await waitFor(() => expect(screen.getByTestId('confirm-cost')).toHaveTextContent('ETB 3,000.00'));
    expect(screen.getByTestId('mini-cost')).toHaveTextContent('ETB 3,000.00');
    expect(screen.getByRole('region', { name: 'Amount to pay' })).toHaveTextContent('ETB 750.00/hr');
    expect(api.previews.at(-1)).toMatchObject({ currency: 'ETB' });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: m.confirmBooking }));
    expect(await screen.findByText(/Reservation created: ETB 3,000\.00/)).toBeInTheDocument();
    expect(api.bookings[0]).toMatchObject({ tutor: 7, currency: 'ETB' });
    await act(() => vi.advanceTimersByTimeAsync(650));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(JSON.parse(screen.getByTestId('state').textContent!)).toEqual({
      full_name: 'Hana Tesfaye',
      email: 'hana@example.com',
      amount: 3000,
      reservation_id: '3f1c2a9e-8d7b-4c1a-9e2f-0a1b2c3d4e5f',
      currency: 'ETB',
    });
  });

  it('is keyboard operable: the arrow keys move between the two currencies', async () => {
    useApi();
    const { user } = await toConfirmation();
    const usd = await screen.findByRole('radio', { name: /US dollars/ });
    usd.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /Ethiopian birr/ })).toBeChecked();
    await waitFor(() => expect(screen.getByTestId('confirm-cost')).toHaveTextContent('ETB 3,000.00'));
  });

  it('shows no choice when only dollars are offered, and books in dollars', async () => {
    const api = useApi({ birr: false });
    const { user } = await toConfirmation();
    await waitFor(() => expect(screen.getByTestId('confirm-cost')).toHaveTextContent('$80.00'));
    expect(screen.queryByRole('group', { name: 'Pay in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: m.confirmBooking }));
    await waitFor(() => expect(api.bookings).toHaveLength(1));
    expect(api.bookings[0]).toMatchObject({ currency: 'USD' });
  });

  it('shows the credit the server says the checkout will use, and what is left to pay (decision 252)', async () => {
    useApi({ birr: false, credit: { applied_cents: 5000, to_pay_cents: 3000 } });
    await toConfirmation();
    const credit = await screen.findByTestId('confirm-credit');
    expect(screen.getByTestId('confirm-cost')).toHaveTextContent('$80.00');
    expect(credit).toHaveTextContent('Credit used−$50.00');
    expect(credit).toHaveTextContent('To pay$30.00');
    expect(credit).not.toHaveTextContent('nothing is charged to a card');
  });

  it('shows no credit lines when the server gives none (a visitor)', async () => {
    useApi({ birr: false });
    await toConfirmation();
    await waitFor(() => expect(screen.getByTestId('confirm-cost')).toHaveTextContent('$80.00'));
    expect(screen.queryByTestId('confirm-credit')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of birr (the offer changed after the preview), in Amharic too", async () => {
    useApi({ refuseBirr: true });
    const { user } = await toConfirmation();
    await user.click(await screen.findByRole('radio', { name: /Ethiopian birr/ }));
    await waitFor(() => expect(screen.getByTestId('confirm-cost')).toHaveTextContent('ETB 3,000.00'));
    await user.click(screen.getByRole('button', { name: m.confirmBooking }));
    expect(await screen.findByRole('alert')).toHaveTextContent(currencyMessages.etbUnavailable);

    await act(() => changeLanguage('am'));
    const amharic = chapaAmharic as Record<string, string>;
    expect(screen.getByRole('alert')).toHaveTextContent(amharic[currencyMessages.etbUnavailable]!);
    expect(screen.getByRole('alert')).not.toHaveTextContent(currencyMessages.etbUnavailable);
    await user.click(
      screen.getByRole('button', { name: (bookingAmharic as Record<string, string>)[m.confirmBooking] }),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(amharic[currencyMessages.etbUnavailable]!),
    );
  });
});
