import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The test moves a hold into the past as the clock would (tests are exempt from the rule).
import { eq } from 'drizzle-orm';
import { reservations, sessions } from '../../../platform/db/schema/bookings.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createTutorWithAccount, createUser, mondayAhead, paidBooking } from '../lifecycle/test/fixtures.ts';

/** GET /api/student/pending-reservations/ (decision 253): the family's own unpaid bookings, never a lapsed one. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let week = 20;
async function unpaidBooking(tutorId: number, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/reservations/reservations/',
    payload: {
      tutor: tutorId,
      date: mondayAhead((week += 6)),
      time: '10:00',
      duration_hours: 1,
      full_name: 'Almaz Tesfaye',
      email,
      phone: '+251 911 000 000',
      guardian_relationship: 'Mother',
      subject: 'Mathematics',
      student_full_name: 'Liya Tesfaye',
      student_grade: 'Grade 5',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; amount_cents: number };
}
const pending = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/student/pending-reservations/', headers });

describe('pending reservations of the signed-in family', () => {
  it('lists the family’s own unpaid booking with its tutor, sessions and amount', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.app.config.jwtSecret);
    const family = await createUser(t.app.db, t.app.config.jwtSecret, 'student');
    const other = await createUser(t.app.db, t.app.config.jwtSecret, 'student');
    const created = await unpaidBooking(tutor.id, family.email);

    const res = await pending(family.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { id: string; status: string; amount_cents: number; tutor: { id: number } }[];
    expect(body.map((r) => r.id)).toEqual([created.id]);
    expect(body[0]).toMatchObject({ status: 'pending_payment', amount_cents: created.amount_cents });
    expect(body[0]!.tutor.id).toBe(tutor.id);

    // Another family never sees it.
    const others = await pending(other.headers);
    expect(others.statusCode).toBe(200);
    expect(others.json()).toEqual([]);
  });

  it('leaves out a paid booking and a lapsed hold', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.app.config.jwtSecret);
    const family = await createUser(t.app.db, t.app.config.jwtSecret, 'student');
    await paidBooking(t.app, {
      tutorId: tutor.id,
      familyEmail: family.email,
      date: mondayAhead((week += 1)),
    });
    const lapsed = await unpaidBooking(tutor.id, family.email);
    const past = new Date(Date.now() - 60_000);
    await t.app.db.update(reservations).set({ holdExpiresAt: past }).where(eq(reservations.id, lapsed.id));
    await t.app.db.update(sessions).set({ holdExpiresAt: past }).where(eq(sessions.reservationId, lapsed.id));

    const res = await pending(family.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('is for a signed-in family only', async () => {
    expect((await pending({})).statusCode).toBe(401);
    const tutor = await createUser(t.app.db, t.app.config.jwtSecret, 'tutor');
    expect((await pending(tutor.headers)).statusCode).toBe(403);
  });
});
