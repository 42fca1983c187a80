import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../platform/db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { setStripeClientFactory } from '../payments/providers/stripe.provider.ts';
import { checkoutEvent, FakeStripeServer } from '../payments/test/fake-stripe-server.ts';
import {
  createHeldReservation,
  createTutor,
  futureMonday,
  readPayments,
  requestCheckout,
} from '../payments/test/fixtures.ts';

/** Decision 228: Stripe's `charge.dispute.created` through the existing webhook posts a chargeback once. */
describe('a chargeback from Stripe', () => {
  let t: TestApp;
  let fake: FakeStripeServer;
  const webhookSecret = 'whsec_chargeback_test';

  beforeAll(async () => {
    fake = await new FakeStripeServer().start();
    setStripeClientFactory((key) => fake.client(key));
    t = await createTestApp({ stripe: { secretKey: 'sk_test_cb', webhookSecret }, paymentsDemo: false });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
    setStripeClientFactory(null);
  });

  const post = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe/',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': fake
          .client()
          .webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      },
      payload,
    });

  const disputeEvent = (eventId: string, paymentIntent: string, amount: number) =>
    JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type: 'charge.dispute.created',
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: {
          id: `dp_${eventId}`,
          object: 'dispute',
          amount,
          currency: 'usd',
          charge: 'ch_test',
          payment_intent: paymentIntent,
          reason: 'fraudulent',
          status: 'needs_response',
        },
      },
    });

  async function ledgerOf(reservationId: string) {
    const rows = await queryRows<{ kind: string; account: string; sum: string }>(
      t.app.db,
      sql`select x.kind, e.account, sum(e.amount_cents) as sum
            from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
           where x.reservation_id = ${reservationId} group by x.kind, e.account order by 1, 2`,
    );
    return rows.map((r) => `${r.kind} ${r.account} ${Number(r.sum)}`);
  }

  it('posts like a full refund of the payment, once however often Stripe sends it; the booking stands', async () => {
    const tutor = await createTutor(t.app.db);
    const { reservation } = await createHeldReservation(t.app.db, {
      tutorId: tutor.id,
      firstStart: futureMonday(2),
    });
    const checkout = await requestCheckout(t.app, reservation);
    const sessionId = (checkout.json() as { session_id: string }).session_id;
    const paid = checkoutEvent('checkout.session.completed', fake.completeSession(sessionId), 'evt_paid_cb');
    // Replayed: the payment is posted once (the sums below would double otherwise).
    for (let i = 0; i < 3; i += 1) expect((await post(paid)).statusCode).toBe(200);
    const [payment] = await readPayments(t.app.db, reservation.id);
    expect(payment!.status).toBe('paid');

    const dispute = disputeEvent('evt_dispute_1', payment!.providerPaymentId!, payment!.amountCents);
    for (let i = 0; i < 3; i += 1) {
      const res = await post(dispute);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    // An unknown payment intent is acknowledged and changes nothing.
    expect((await post(disputeEvent('evt_dispute_x', 'pi_unknown', 100))).statusCode).toBe(200);

    expect(await ledgerOf(reservation.id)).toEqual([
      `chargeback family_prepaid ${payment!.amountCents}`,
      `chargeback refunds ${-payment!.amountCents}`,
      `payment family_payments ${payment!.amountCents}`,
      `payment family_prepaid ${-payment!.amountCents}`,
    ]);
    const [state] = await queryRows<{ status: string; events: number }>(
      t.app.db,
      sql`select r.status, (select count(*)::int from booking_events b
                             where b.reservation_id = r.id and b.action = 'payment.chargeback') as events
            from reservations r where r.id = ${reservation.id}`,
    );
    expect(state).toEqual({ status: 'confirmed', events: 1 });
  });
});
