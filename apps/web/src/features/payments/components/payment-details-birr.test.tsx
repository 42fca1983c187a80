import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { redirectTo } from '../utils/redirect.ts';
import { PaymentDetails } from './payment-details.tsx';
import { renderAt, reservation } from './test-utils.tsx';

/** A reservation the family chose to pay in birr (issue 18 §3): the server priced it in ETB. */
const birr = {
  ...reservation,
  amount: 3000,
  amount_cents: 300000,
  amount_charged: 2250,
  amount_charged_cents: 225000,
  credit_applied_cents: 75000,
  currency: 'ETB',
};

function renderPayment(state: Record<string, unknown> | null) {
  return renderAt(<PaymentDetails state={state} reservationIdParam={birr.id} />, '/payment', [
    '/tutors',
    { pathname: '/payment', search: `?reservation_id=${birr.id}` },
  ]);
}

describe('the payment page for a reservation in birr', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the amount in ETB, says Chapa, and opens the checkout the server answers', async () => {
    const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    let sent: unknown = null;
    server.use(
      http.get(`/api/reservations/reservations/${birr.id}/`, () => HttpResponse.json(birr)),
      http.post('/api/payments/create-checkout-session/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          checkout_url: 'https://checkout.chapa.test/checkout/payment/abc',
          session_id: 'tb-1',
          provider: 'chapa',
        });
      }),
    );
    renderPayment({
      full_name: 'Hana Tesfaye',
      email: 'hana@example.com',
      amount: 3000,
      reservation_id: birr.id,
      currency: 'ETB',
    });
    const amount = (await screen.findByLabelText('Amount (ETB)')) as HTMLInputElement;
    expect(amount.value).toBe('ETB 3,000.00');
    expect(screen.queryByLabelText('Amount (USD)')).not.toBeInTheDocument();
    expect(
      screen.getByText("Check the details below, then pay in birr on Chapa's secure page."),
    ).toBeInTheDocument();
    // Credit in birr is used first; the note writes birr as birr.
    const credit = await screen.findByTestId('credit-summary');
    expect(credit).toHaveTextContent('Credit used−ETB 750.00');
    expect(credit).toHaveTextContent('To payETB 2,250.00');
    expect(screen.queryByText('Card details handled by Stripe')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Pay Securely' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.chapa.test/checkout/payment/abc'),
    );
    expect(sent).toEqual({
      full_name: 'Hana Tesfaye',
      email: 'hana@example.com',
      amount: 3000,
      reservation_id: birr.id,
    });
  });

  it("follows the server's reservation after a reload (no state): ETB, not dollars", async () => {
    server.use(http.get(`/api/reservations/reservations/${birr.id}/`, () => HttpResponse.json(birr)));
    renderPayment(null);
    await waitFor(() =>
      expect((screen.getByLabelText('Amount (ETB)') as HTMLInputElement).value).toBe('ETB 3,000.00'),
    );
  });

  it('names Chapa when no checkout address comes back', async () => {
    server.use(
      http.get(`/api/reservations/reservations/${birr.id}/`, () => HttpResponse.json(birr)),
      http.post('/api/payments/create-checkout-session/', () => HttpResponse.json({})),
    );
    renderPayment(null);
    await screen.findByLabelText('Amount (ETB)');
    await waitFor(() =>
      expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Hana Tesfaye'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pay Securely' }));
    expect(await screen.findByText('Failed to retrieve Chapa checkout URL.')).toBeInTheDocument();
  });
});
