import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../platform/db/client.ts';
import type { TestApp } from '../../../test/harness.ts';
import { chapaBooking, secretKey, webhookSecret } from './test/chapa-booking.ts';
import { startChapaTestApp } from './test/chapa-test-app.ts';
import type { FakeChapaServer } from './test/fake-chapa-server.ts';
import { readPayments } from './test/fixtures.ts';

/**
 * Money back in birr through Chapa (issue 18 §3, decision 170): an admin's refund and a cancelled session's,
 * credit kept in birr and spent only on birr, and birr kept out of the dollar revenue.
 */
describe('Chapa: refunds and credit in birr', () => {
  let t: TestApp;
  let fake: FakeChapaServer;
  let admin: { authorization: string };
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, fake, admin, close } = await startChapaTestApp({ secretKey, webhookSecret }));
  });
  afterAll(() => close());
  afterEach(() => {
    fake.requests.length = 0;
    fake.outage = 0;
  });
  const { subjectWithBirr, bookingPayload, openChapaCheckout, payOnChapa, sessionsOf } = chapaBooking(() => ({
    t,
    fake,
    admin,
  }));

  it('refunds in birr through Chapa with an idempotency reference, recorded and totalled in ETB', async () => {
    const c = await openChapaCheckout();
    await payOnChapa(c);
    const [payment] = await readPayments(t.app.db, c.reservation.id);

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment!.id}/refund/`,
      headers: { authorization: admin.authorization },
      payload: { amount: 1125, reason: 'One session cancelled' },
    });
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toMatchObject({
      amount: 1125,
      amount_cents: 112500,
      payment_status: 'partially_refunded',
      refunded_cents: 112500,
    });
    const sent = fake.requests.find((r) => r.path === `/v1/refund/${c.session_id}`)!;
    expect(sent.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(sent.body).toMatchObject({ amount: '1125.00' });
    expect(String(sent.body.reference)).toMatch(/^tibeb-refund-/);
    expect(fake.transactions.get(c.session_id)!.refunded_cents).toBe(112500);

    const rows = await queryRows<{ currency: string; amount_cents: number; status: string }>(
      t.app.db,
      sql`select currency, amount_cents, status from refunds where payment_id = ${payment!.id}`,
    );
    expect(rows).toEqual([{ currency: 'ETB', amount_cents: 112500, status: 'succeeded' }]);

    const ledger = await t.app.inject({
      method: 'GET',
      url: `/api/admin/payments/ledger/?q=${payment!.id}`,
      headers: { authorization: admin.authorization },
    });
    expect(ledger.json().totals).toEqual([
      {
        currency: 'ETB',
        payments: 1,
        paid_cents: 450000,
        refunded_cents: 112500,
        net_cents: 337500,
      },
    ]);
    expect(ledger.json().results[0]).toMatchObject({ currency: 'ETB', refundable_cents: 337500 });
  });

  it("a cancelled session's refund goes back through Chapa, in birr (the lifecycle's refunds)", async () => {
    const c = await openChapaCheckout();
    await payOnChapa(c);
    const sessions = await sessionsOf(c.reservation.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${sessions[1]!.id}/cancel/`,
      headers: { authorization: admin.authorization },
      payload: { outcome: 'refund', reason: 'Tutor ill' },
    });
    expect(res.statusCode).toBe(200);
    // One session of four: a quarter of ETB 4,500.00, sent to Chapa with the refund's own reference.
    await expect
      .poll(() => fake.requests.filter((r) => r.path === `/v1/refund/${c.session_id}`).length)
      .toBe(1);
    const sent = fake.requests.find((r) => r.path === `/v1/refund/${c.session_id}`)!;
    expect(sent.body).toMatchObject({ amount: '1125.00' });
    const [payment] = await readPayments(t.app.db, c.reservation.id);
    await expect
      .poll(async () =>
        queryRows<{ currency: string; amount_cents: number; status: string }>(
          t.app.db,
          sql`select currency, amount_cents, status from refunds where payment_id = ${payment!.id}`,
        ),
      )
      .toEqual([{ currency: 'ETB', amount_cents: 112500, status: 'succeeded' }]);
  });

  it('a session cancelled for credit is credit in birr, spent on a birr booking and never on a dollar one', async () => {
    const c = await openChapaCheckout();
    await payOnChapa(c);
    const sessions = await sessionsOf(c.reservation.id);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${sessions[2]!.id}/cancel/`,
      headers: { authorization: admin.authorization },
      payload: { outcome: 'credit' },
    });
    expect(cancelled.statusCode).toBe(200);
    const ledger = await queryRows<{ currency: string; amount_cents: number }>(
      t.app.db,
      sql`select currency, amount_cents from credit_ledger where family_email = ${c.email.toLowerCase()}`,
    );
    expect(ledger).toEqual([{ currency: 'ETB', amount_cents: 112500 }]);

    const checkoutIn = async (currency: 'USD' | 'ETB') => {
      const { tutor } = await subjectWithBirr(750);
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/reservations/reservations/',
        payload: bookingPayload(tutor.id, { currency, email: c.email }),
      });
      const r = booked.json() as { id: string; amount: number };
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/create-checkout-session/',
        payload: { full_name: 'Hana Tesfaye', email: c.email, amount: r.amount, reservation_id: r.id },
      });
      expect(res.statusCode).toBe(200);
      return (await readPayments(t.app.db, r.id))[0]!;
    };
    // Dollars: the birr credit is not touched ($25 × 1.5 h × 4).
    expect(await checkoutIn('USD')).toMatchObject({ currency: 'USD', amountCents: 15000 });
    // Birr: ETB 4,500.00 less the ETB 1,125.00 credit.
    expect(await checkoutIn('ETB')).toMatchObject({
      currency: 'ETB',
      amountCents: 337500,
      provider: 'chapa',
    });
  });

  it("keeps birr out of the admin overview's dollar revenue", async () => {
    const revenue = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/dashboard/',
          headers: { authorization: admin.authorization },
        })
      ).json().revenue_cents as number;
    const before = await revenue();
    const c = await openChapaCheckout();
    await payOnChapa(c);
    expect((await readPayments(t.app.db, c.reservation.id))[0]!.status).toBe('paid');
    expect(await revenue()).toBe(before);
  });
});
