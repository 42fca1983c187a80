import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../../test/harness.ts';
import { expireLapsedHolds } from '../lifecycle/hold-expiry.service.ts';
import { createHeldReservation, futureMonday, readReservation } from '../payments/test/fixtures.ts';
import { createTutor } from './test-fixtures.repository.ts';
import { deadlockCount, readEvents } from '../lifecycle/test/fixtures.ts';

/**
 * Issue 11: the hold-expiry job and the booking path take their locks in one order (reservation, then its
 * sessions), so the job at its tick and 50 bookings at once never deadlock, and each lapsed hold is released
 * exactly once (one `hold_expired` event), whoever releases it.
 */
describe('hold expiry at its tick, with 50 bookings at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('no deadlock, no 5xx, each lapsed hold released once', async () => {
    const tutor = await createTutor(t.app.db);
    const others = [await createTutor(t.app.db), await createTutor(t.app.db)];
    const past = new Date(Date.now() - 60_000);
    const lapsed: string[] = [];
    // Lapsed holds on the Mondays the bookings want (16:00 EAT), and on other tutors' calendars.
    for (let week = 2; week < 22; week += 1) {
      for (const id of [tutor.id, ...others.map((o) => o.id)]) {
        const { reservation } = await createHeldReservation(t.app.db, {
          tutorId: id,
          firstStart: futureMonday(week),
          count: 1,
          holdExpiresAt: past,
        });
        lapsed.push(reservation.id);
      }
    }
    const before = await deadlockCount(t.app.db);

    const bookings = Array.from({ length: 50 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reservations/reservations/',
        payload: {
          tutor: tutor.id,
          date: futureMonday(2 + (i % 20))
            .toISOString()
            .slice(0, 10),
          time: '16:00',
          duration_hours: 1,
          full_name: 'Almaz Tesfaye',
          email: `race-${randomUUID().slice(0, 8)}@example.com`,
          phone: '0911000000',
          student_full_name: 'Liya',
          student_age: 9,
        },
      }),
    );
    const job = () => expireLapsedHolds({ db: t.app.db, onSessionsChanged: () => {} });
    const [responses, runs] = await Promise.all([Promise.all(bookings), Promise.all([job(), job(), job()])]);

    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(5);
    // Whatever the job did not release, the bookings did: every lapsed hold ends expired, with one event.
    expect(runs.reduce((n, r) => n + r.reservations, 0)).toBeLessThanOrEqual(lapsed.length);
    for (const id of lapsed) {
      const { reservation, sessions } = await readReservation(t.app.db, id);
      expect(reservation.status).toBe('expired');
      expect(sessions.map((s) => s.status)).toEqual(['expired']);
      expect((await readEvents(t.app.db, id)).filter((e) => e.action === 'hold_expired')).toHaveLength(1);
    }
    if (testEngine === 'postgres') expect(await deadlockCount(t.app.db, { settle: true })).toBe(before);
  });
});
