import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { insertCredit } from '../lifecycle/credit.repository.ts';
import { createHeldReservation, createTutor, futureMonday } from '../payments/test/fixtures.ts';

/** Decision 252: the payment page shows the credit the checkout uses and what is left to pay. */
describe('credit on the payment page and at checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function heldWithCredit(creditCents: number, weeksAhead: number) {
    const tutor = await createTutor(t.app.db);
    const { reservation } = await createHeldReservation(t.app.db, {
      tutorId: tutor.id,
      firstStart: futureMonday(weeksAhead),
    });
    await insertCredit(t.app.db, {
      familyEmail: reservation.email,
      amountCents: creditCents,
      kind: 'cancellation',
    });
    return reservation;
  }
  const page = (id: string) => t.app.inject({ method: 'GET', url: `/api/reservations/reservations/${id}/` });
  const checkout = (r: { id: string; fullName: string; email: string; amountCents: number }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session/',
      payload: { full_name: r.fullName, email: r.email, amount: r.amountCents / 100, reservation_id: r.id },
    });

  it('before checkout the page says the credit used and the amount to pay, as the checkout charges', async () => {
    const r = await heldWithCredit(5000, 1);
    const before = await page(r.id);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      amount_cents: 8000,
      credit_applied_cents: 5000,
      amount_charged_cents: 3000,
      amount_charged: 30,
    });
    const res = await checkout(r);
    expect(res.statusCode).toBe(200);
    const paymentId = (res.json() as { checkout_url: string }).checkout_url.match(
      /checkout\/([0-9a-f-]{36})\/$/,
    )![1]!;
    const demo = await t.app.inject({ method: 'GET', url: `/api/payments/demo/checkout/${paymentId}/` });
    expect(demo.body).toContain('$30.00');
    const after = await page(r.id);
    expect(after.json()).toMatchObject({ credit_applied_cents: 5000, amount_charged_cents: 3000 });
  });

  it('a booking fully covered by credit shows nothing to pay and is confirmed without a card', async () => {
    const r = await heldWithCredit(20000, 2);
    expect((await page(r.id)).json()).toMatchObject({ credit_applied_cents: 8000, amount_charged_cents: 0 });
    const res = await checkout(r);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { provider: string }).provider).toBe('credit');
  });
});
