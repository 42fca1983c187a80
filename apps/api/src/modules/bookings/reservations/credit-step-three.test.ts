import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { insertCredit } from '../lifecycle/credit.repository.ts';
import { createTutorWithAccount, createUser, mondayAhead } from '../lifecycle/test/fixtures.ts';

/** Decision 252: step 3's preview shows the credit the checkout will spend, to the family that owns it only. */
describe('credit in the booking preview', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const body = (tutor: number, email: string) => ({
    tutor,
    date: mondayAhead(3),
    time: '10:00',
    duration_hours: 1,
    full_name: 'Almaz Tesfaye',
    email,
    phone: '+251 911 000 000',
    student_full_name: 'Liya Tesfaye',
    student_age: 10,
  });
  const preview = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/reservations/preview/', payload, headers });

  it('shows the signed-in family its credit and what is left to pay, and never a visitor or another family', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const family = await createUser(t.app.db, t.config.jwtSecret, 'student', {
      email: `family-${randomUUID().slice(0, 8)}@example.com`,
    });
    await insertCredit(t.app.db, { familyEmail: family.email, amountCents: 5000, kind: 'cancellation' });

    const own = await preview(body(tutor.id, family.email), family.headers);
    expect(own.statusCode).toBe(200);
    // Four Mondays at $20/h: $80, of which $50 is paid by credit.
    expect(own.json()).toMatchObject({
      amount_cents: 8000,
      credit: { applied_cents: 5000, to_pay_cents: 3000 },
    });

    // A visitor typing the family's e-mail learns nothing of its credit.
    const visitor = await preview(body(tutor.id, family.email));
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().credit).toBeUndefined();

    // Nor does another signed-in family, nor a bad token (which is not refused: the preview is public).
    const other = await createUser(t.app.db, t.config.jwtSecret, 'student');
    expect((await preview(body(tutor.id, family.email), other.headers)).json().credit).toBeUndefined();
    const bad = await preview(body(tutor.id, family.email), { authorization: 'Bearer nonsense' });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().credit).toBeUndefined();
  });

  it('a booking the credit covers has nothing left to pay', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const family = await createUser(t.app.db, t.config.jwtSecret, 'student');
    await insertCredit(t.app.db, { familyEmail: family.email, amountCents: 20000, kind: 'cancellation' });
    const res = await preview(body(tutor.id, family.email), family.headers);
    expect(res.json().credit).toEqual({ applied_cents: 8000, to_pay_cents: 0 });
  });
});
