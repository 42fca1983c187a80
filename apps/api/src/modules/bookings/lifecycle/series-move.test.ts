import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleMessages as msg } from '@tibeb/domain/bookings/lifecycle-messages';
import { instantToWallClock } from '@tibeb/domain/bookings/time';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { readMail } from '../payments/test/fixtures.ts';
import {
  createTutorWithAccount,
  createUser,
  linkFamily,
  mondayAhead,
  readSessions,
} from './test/fixtures.ts';

/** Moving "this and the rest" of a two-weekday plan (decision 250), on the engine the suite runs on. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const eat = (iso: string | Date) => {
  const w = instantToWallClock(iso, 'Africa/Addis_Ababa');
  return `${w.date} ${w.time}`;
};

/** A paid Monday 10:00 + Wednesday 10:00 plan, linked to a new family account. */
async function twoDayBooking(weeksAhead: number) {
  const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
  const family = await createUser(t.app.db, t.config.jwtSecret, 'student', {
    email: `family-${randomUUID().slice(0, 8)}@example.com`,
    timeZone: 'Europe/London',
  });
  const date = mondayAhead(weeksAhead);
  const book = await t.app.inject({
    method: 'POST',
    url: '/api/reservations/reservations/',
    payload: {
      tutor: tutor.id,
      date,
      time: '10:00',
      days: ['mon', 'wed'],
      days_times: { mon: '10:00', wed: '10:00' },
      duration_hours: 1,
      full_name: 'Almaz Tesfaye',
      email: family.email,
      phone: '+251 911 000 000',
      guardian_relationship: 'Mother',
      subject: 'Mathematics',
      student_full_name: 'Liya Tesfaye',
      student_grade: 'Grade 5',
    },
  });
  expect(book.statusCode, book.body).toBe(201);
  const created = book.json() as { id: string; amount: number };
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/payments/create-checkout-session/',
    payload: {
      reservation_id: created.id,
      full_name: 'Almaz Tesfaye',
      email: family.email,
      amount: created.amount,
    },
  });
  const paymentId = /checkout\/([0-9a-f-]{36})\/$/.exec(
    (checkout.json() as { checkout_url: string }).checkout_url,
  )?.[1];
  if (paymentId) await t.app.inject({ method: 'POST', url: `/api/payments/demo/checkout/${paymentId}/pay/` });
  await linkFamily(t.app.db, created.id, family.id);
  const sessions = await readSessions(t.app.db, created.id);
  return { tutor, family, id: created.id, date, sessions };
}

const post = (sessionId: string, tail: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/bookings/sessions/${sessionId}/reschedule/${tail}`,
    payload,
    headers,
  });

describe('series move with two weekdays', () => {
  it('keeps Wednesdays when Mondays move to Tuesdays, previews every new date, and moves as previewed', async () => {
    const { tutor, family, id, sessions } = await twoDayBooking(3);
    const before = sessions.map((s) => eat(s.startsAt));
    expect(before.length).toBeGreaterThanOrEqual(4);
    const first = sessions[0]!;
    const [monday] = eat(first.startsAt).split(' ') as [string];
    const tuesday = new Date(Date.parse(`${monday}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const body = { date: tuesday, time: '11:00', scope: 'series' };

    const preview = await post(first.id, 'preview/', body, family.headers);
    expect(preview.statusCode, preview.body).toBe(200);
    const moves = (preview.json() as { moves: { session_id: string; from: string; to: string }[] }).moves;
    // Only the Mondays move, each to the Tuesday of its own week at 11:00; nothing written yet.
    const mondays = sessions.filter((s) => new Date(s.startsAt).getUTCDay() === 1);
    expect(moves.map((m) => m.session_id)).toEqual(mondays.map((s) => s.id));
    for (const m of moves) {
      const from = eat(m.from).split(' ')[0]!;
      expect(eat(m.to)).toBe(
        `${new Date(Date.parse(`${from}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)} 11:00`,
      );
    }
    expect((await readSessions(t.app.db, id)).map((s) => eat(s.startsAt))).toEqual(before);

    const moved = await post(first.id, '', body, family.headers);
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await readSessions(t.app.db, id);
    const weekdays = after.map((s) => new Date(s.startsAt).getUTCDay()).sort();
    // Still two sessions a week: Tuesdays and Wednesdays (not all Tuesdays).
    expect(new Set(weekdays)).toEqual(new Set([2, 3]));
    expect(weekdays.filter((d) => d === 3).length).toBe(sessions.length - mondays.length);
    for (const m of moves)
      expect(after.find((s) => s.id === m.session_id)!.startsAt.toISOString()).toBe(m.to);
    // Family and tutor are told, with every new date (the family's zone: London).
    const familyMail = (await readMail(t.app.mailer, family.email)).join('\n');
    const tutorMail = (await readMail(t.app.mailer, tutor.account.email)).join('\n');
    for (const m of moves) {
      const london = instantToWallClock(m.to, 'Europe/London').time;
      expect(familyMail).toContain(london);
    }
    expect(tutorMail).toContain('11:00');
  });

  it('moves each weekday to its own new weekday and time', async () => {
    const { family, id, sessions } = await twoDayBooking(8);
    const first = sessions[0]!;
    const [monday] = eat(first.startsAt).split(' ') as [string];
    const res = await post(
      first.id,
      '',
      { date: monday, time: '09:00', scope: 'series', others: [{ from: 'wed', to: 'thu', time: '14:00' }] },
      family.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await readSessions(t.app.db, id);
    expect(
      new Set(after.map((s) => `${new Date(s.startsAt).getUTCDay()} ${eat(s.startsAt).split(' ')[1]}`)),
    ).toEqual(new Set(['1 09:00', '4 14:00']));
  });

  it('refuses a move past the paid weeks, and changes nothing', async () => {
    const { family, id, sessions } = await twoDayBooking(13);
    const first = sessions[0]!;
    const [monday] = eat(first.startsAt).split(' ') as [string];
    const nextMonday = new Date(Date.parse(`${monday}T00:00:00Z`) + 7 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const before = (await readSessions(t.app.db, id)).map((s) => s.startsAt.toISOString());
    for (const tail of ['preview/', '']) {
      const res = await post(
        first.id,
        tail,
        { date: nextMonday, time: '10:00', scope: 'series' },
        family.headers,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(msg.outsidePaidWeeks);
    }
    expect((await readSessions(t.app.db, id)).map((s) => s.startsAt.toISOString())).toEqual(before);
  });
});
