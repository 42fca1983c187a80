import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { PaymentCancelled } from './payment-cancelled.tsx';
import { PaymentResult } from './payment-result.tsx';
import { renderAt, reservation } from './test-utils.tsx';

const confirmed = {
  ...reservation,
  status: 'confirmed',
  credit_cents: 2000,
  sessions: reservation.sessions.map((s) => ({ ...s, status: 'scheduled' })),
  skipped: [
    { date: '2026-01-26', time: '16:00', reason: 'Skipped after a late payment: the time was booked.' },
  ],
};
const answer = (status: string, r: object = confirmed) => ({
  status,
  session_id: 'cs_1',
  provider: 'demo',
  paid_at: status === 'paid' ? '2026-01-05T10:00:00.000Z' : null,
  reservation: r,
});

const renderSuccess = (search: string) =>
  renderAt(
    <PaymentResult sessionId={new URLSearchParams(search).get('session_id') ?? ''} />,
    '/payment-success',
    [`/payment-success${search}`],
  );

describe('the payment success page', () => {
  it('a booking paid with credit says so, and a part-credit payment says what the card paid (decision 252)', async () => {
    const covered = {
      ...confirmed,
      credit_cents: 0,
      credit_applied_cents: 8000,
      amount_charged: 0,
      amount_charged_cents: 0,
    };
    server.use(
      http.get('/api/payments/status/', () =>
        HttpResponse.json({ ...answer('paid', covered), provider: 'credit' }),
      ),
    );
    renderSuccess('?session_id=cs_1');
    expect(await screen.findByTestId('paid-with-credit')).toHaveTextContent(
      'Paid with your credit Your credit of $80.00 paid for this booking: no card was charged.',
    );
    cleanup();
    const part = {
      ...confirmed,
      credit_cents: 0,
      credit_applied_cents: 5000,
      amount_charged: 30,
      amount_charged_cents: 3000,
    };
    server.use(http.get('/api/payments/status/', () => HttpResponse.json(answer('paid', part))));
    renderSuccess('?session_id=cs_1');
    expect(await screen.findByTestId('paid-with-credit')).toHaveTextContent(
      'Credit used: $50.00. Paid by card: $30.00.',
    );
    cleanup();
    server.use(
      http.get('/api/payments/status/', () =>
        HttpResponse.json({ ...answer('paid', part), provider: 'chapa' }),
      ),
    );
    renderSuccess('?session_id=cs_1');
    expect(await screen.findByTestId('paid-with-credit')).toHaveTextContent(
      'Credit used: $50.00. Paid through Chapa: $30.00.',
    );
  });

  it('confirms with the server and lists the booked sessions in EAT, the skipped ones and the credit', async () => {
    let asked = '';
    server.use(
      http.get('/api/payments/status/', ({ request }) => {
        asked = new URL(request.url).searchParams.get('session_id') ?? '';
        return HttpResponse.json(answer('paid'));
      }),
    );
    renderSuccess('?session_id=cs_1');
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(asked).toBe('cs_1');
    expect(
      screen.getByText('Thank you for your payment. Your session is now confirmed.'),
    ).toBeInTheDocument();
    const booked = screen.getByRole('region', { name: 'Your booked sessions' });
    expect(booked).toHaveTextContent('Mon, 12 Jan 2026, 16:00–17:00 EAT');
    expect(booked).toHaveTextContent('Mon, 19 Jan 2026, 16:00–17:00 EAT');
    expect(screen.getByRole('region', { name: 'Skipped automatically' })).toHaveTextContent(
      '2026-01-26 16:00 EAT',
    );
    expect(screen.getByText(/\$20\.00 for the skipped sessions/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('asks again while the payment is pending, then shows the confirmation', async () => {
    const answers = [answer('pending', reservation), answer('paid')];
    server.use(
      http.get('/api/payments/status/', () =>
        HttpResponse.json(answers.length > 1 ? answers.shift() : answers[0]),
      ),
    );
    renderSuccess('?session_id=cs_1');
    expect(await screen.findByText('Waiting for the payment provider to confirm...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).not.toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Payment Successful!' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('does not claim success for a cancelled payment, and offers Try Again', async () => {
    server.use(http.get('/api/payments/status/', () => HttpResponse.json(answer('cancelled', reservation))));
    renderSuccess('?session_id=cs_1');
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Try Again' }));
    expect(await screen.findByText('Tutor directory')).toBeInTheDocument();
  });

  it('without a payment reference says so rather than claiming success', () => {
    renderSuccess('');
    expect(screen.getByText(/could not find a payment reference/)).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
  });

  it("shows the server's text for an unknown reference", async () => {
    server.use(
      http.get('/api/payments/status/', () =>
        HttpResponse.json({ detail: 'Payment not found.' }, { status: 404 }),
      ),
    );
    renderSuccess('?session_id=nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment not found.');
  });
});

describe('the payment cancelled page', () => {
  it("shows the spec's text and 'Try Again' goes to /tutors", async () => {
    renderAt(<PaymentCancelled />, '/payment-cancel', ['/payment-cancel']);
    expect(
      screen.getByText('You cancelled the payment. If this was a mistake, you can try again below.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Try Again' }));
    expect(await screen.findByText('Tutor directory')).toBeInTheDocument();
  });
  it("releases the reservation's hold when its id is in the address (the provider's cancel address)", async () => {
    let sent: unknown = null;
    server.use(
      http.post('/api/payments/cancel/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...reservation, status: 'cancelled' });
      }),
    );
    renderAt(<PaymentCancelled />, '/payment-cancel', [`/payment-cancel?reservation_id=${reservation.id}`]);
    expect(await screen.findByRole('status')).toHaveTextContent('the times you picked are free again');
    expect(sent).toEqual({ reservation_id: reservation.id });
  });
});
