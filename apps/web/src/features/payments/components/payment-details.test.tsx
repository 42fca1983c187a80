import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { redirectTo } from '../utils/redirect.ts';
import { PaymentDetails } from './payment-details.tsx';
import { renderAt, reservation } from './test-utils.tsx';

const navState = {
  full_name: 'Hana Tesfaye',
  email: 'hana@example.com',
  amount: 80,
  reservation_id: reservation.id,
};

function renderPayment(entry: { pathname: string; search?: string; state?: unknown }) {
  const Page = () => {
    const params = new URLSearchParams(entry.search ?? '');
    return (
      <PaymentDetails
        state={(entry.state as typeof navState | undefined) ?? null}
        reservationIdParam={params.get('reservation_id') ?? ''}
      />
    );
  };
  return renderAt(<Page />, '/payment', ['/tutors', entry]);
}

/** The reservation as the server answers it (the page always reads it, to list its sessions). */
const serveReservation = () =>
  server.use(
    http.get(`/api/reservations/reservations/${reservation.id}/`, () => HttpResponse.json(reservation)),
  );

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the payment page (spec §2, §5, §8)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the navigation state read-only, the badges, and goes to the checkout address', async () => {
    const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    let sent: unknown = null;
    server.use(
      http.post('/api/payments/create-checkout-session/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          checkout_url: 'https://checkout.example/cs_1',
          session_id: 'cs_1',
          provider: 'demo',
        });
      }),
    );
    serveReservation();
    renderPayment({ pathname: '/payment', search: `?reservation_id=${reservation.id}`, state: navState });
    // The sessions this payment covers, as the server planned them (issue 11 §3).
    const covered = await screen.findByRole('region', { name: 'Sessions this payment covers (2)' });
    expect(covered.querySelectorAll('li')).toHaveLength(2);
    expect(covered).toHaveTextContent('Mon, 12 Jan 2026, 16:00–17:00 EAT');

    expect(field('Reservation ID').value).toBe(reservation.id);
    expect(field('Reservation ID')).toHaveAttribute('readonly');
    expect(field('Full Name').value).toBe('Hana Tesfaye');
    expect(field('Email').value).toBe('hana@example.com');
    expect(field('Amount (USD)').value).toBe('$80.00');
    expect(screen.getByRole('list', { name: 'Payment security' })).toHaveTextContent(
      'Card details handled by Stripe',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Pay Securely' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_1'));
    expect(sent).toEqual({
      full_name: 'Hana Tesfaye',
      email: 'hana@example.com',
      amount: 80,
      reservation_id: reservation.id,
    });
  });

  it('after a reload (no state) reads the reservation by its id', async () => {
    server.use(
      http.get(`/api/reservations/reservations/${reservation.id}/`, () => HttpResponse.json(reservation)),
    );
    renderPayment({ pathname: '/payment', search: `?reservation_id=${reservation.id}` });
    await waitFor(() => expect(field('Full Name').value).toBe('Hana Tesfaye'));
    expect(field('Amount (USD)').value).toBe('$80.00');
    expect(field('Reservation ID').value).toBe(reservation.id);
  });

  it("shows the server's text when the reservation cannot be read", async () => {
    server.use(
      http.get(`/api/reservations/reservations/${reservation.id}/`, () =>
        HttpResponse.json({ detail: 'Reservation not found.' }, { status: 404 }),
      ),
    );
    renderPayment({ pathname: '/payment', search: `?reservation_id=${reservation.id}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('Reservation not found.');
  });

  it("says 'Please complete all payment details' when something is missing, without calling the server", async () => {
    renderPayment({ pathname: '/payment' });
    await userEvent.click(screen.getByRole('button', { name: 'Pay Securely' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete all payment details');
  });

  it("shows the server's error text, else the generic one, and a missing URL", async () => {
    const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    const answers = [
      HttpResponse.json({ detail: 'This reservation is no longer awaiting payment.' }, { status: 409 }),
      new HttpResponse('gateway down', { status: 502 }),
      HttpResponse.json({}),
    ];
    server.use(http.post('/api/payments/create-checkout-session/', () => answers.shift()));
    serveReservation();
    renderPayment({ pathname: '/payment', state: navState });
    const pay = screen.getByRole('button', { name: 'Pay Securely' });

    await userEvent.click(pay);
    expect(await screen.findByText('This reservation is no longer awaiting payment.')).toBeInTheDocument();
    await userEvent.click(pay);
    expect(await screen.findByText('Something went wrong while processing payment.')).toBeInTheDocument();
    await userEvent.click(pay);
    expect(await screen.findByText('Failed to retrieve Stripe checkout URL.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('Back returns to the previous page', async () => {
    serveReservation();
    renderPayment({ pathname: '/payment', state: navState });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Tutor directory')).toBeInTheDocument();
  });

  it('an expired hold: Pay is disabled and "Book these times again" links to the wizard (decision 252)', async () => {
    server.use(
      http.get(`/api/reservations/reservations/${reservation.id}/`, () =>
        HttpResponse.json({ ...reservation, status: 'expired' }),
      ),
    );
    renderPayment({ pathname: '/payment', search: `?reservation_id=${reservation.id}` });
    const again = await screen.findByRole('link', { name: 'Book these times again' });
    expect(again).toHaveAttribute('href', `/booking/form?again=${reservation.id}`);
    expect(screen.getByText(/Your hold on these times has expired/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Pay Securely/ })).toBeDisabled();
  });

  it('a booking the credit covers says so and offers no card payment (decision 252)', async () => {
    server.use(
      http.get(`/api/reservations/reservations/${reservation.id}/`, () =>
        HttpResponse.json({
          ...reservation,
          credit_applied_cents: reservation.amount_cents,
          amount_charged: 0,
          amount_charged_cents: 0,
        }),
      ),
    );
    renderPayment({ pathname: '/payment', search: `?reservation_id=${reservation.id}` });
    expect(await screen.findByTestId('credit-summary')).toHaveTextContent('To pay$0.00');
    expect(
      screen.getByText('Your credit pays for this booking: nothing is charged to a card.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm with my credit' })).toBeEnabled();
  });
});
