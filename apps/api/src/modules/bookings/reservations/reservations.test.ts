import { reservationApiMessages as api } from '@tibeb/domain/bookings/api-messages';
import { bookingMessages as msg } from '@tibeb/domain/bookings/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { invalidateTutorBookings } from '../availability/booked.cache.ts';
import { expireLapsedHolds } from '../lifecycle/hold-expiry.service.ts';
import {
  confirm,
  countRows,
  createStudentUser,
  createSubject,
  createTutor,
  reservationRow,
  sessionsOf,
  setHoldExpiry,
  uniq,
} from './test-fixtures.repository.ts';
import { bookingPayload, bookingTestApp, MON } from './test/booking-app.ts';

const { t, book, get } = bookingTestApp();

describe('POST /api/reservations/reservations/', () => {
  it('plans 4 weeks, holds them for 30 minutes and answers the amount', async () => {
    const tutor = await createTutor(t.app.db, { hourlyRateCents: 2550 });
    const before = Date.now();
    const res = await book(bookingPayload(tutor.id, { _ts: 123 }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'pending_payment',
      amount: 102, // $25.50 × 1 h × 4 sessions
      amount_cents: 10_200,
      currency: 'USD',
      tutor: { id: tutor.id, full_name: tutor.fullName },
      subject: 'Mathematics',
      duration_hours: 1,
      time_zone: 'Africa/Addis_Ababa',
      skipped: [],
    });
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const hold = new Date(body.hold_expires_at).getTime();
    expect(hold - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(hold - before).toBeLessThan(31 * 60_000);
    expect(
      body.sessions.map((s: { date: string; time: string; status: string }) => [s.date, s.time, s.status]),
    ).toEqual([
      ['2031-03-03', '10:00', 'held'],
      ['2031-03-10', '10:00', 'held'],
      ['2031-03-17', '10:00', 'held'],
      ['2031-03-24', '10:00', 'held'],
    ]);
    // 10:00 EAT is 07:00 UTC.
    expect(body.sessions[0].starts_at).toBe('2031-03-03T07:00:00.000Z');
    expect(body.sessions[0].ends_at).toBe('2031-03-03T08:00:00.000Z');
    const row = await reservationRow(t.app.db, body.id);
    expect(row).toMatchObject({
      amountCents: 10_200,
      status: 'pending_payment',
      guardianRelationship: 'Mother',
    });
  });

  it('plans every chosen day × 4 and prices them all', async () => {
    const tutor = await createTutor(t.app.db, { hourlyRateCents: 2000 });
    const res = await book(
      bookingPayload(tutor.id, {
        duration_hours: 2,
        days: ['mon', 'thu'],
        days_times: { mon: '10:00', thu: '15:00' },
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().sessions).toHaveLength(8);
    expect(res.json().amount_cents).toBe(2000 * 2 * 8);
    expect(res.json().sessions[1]).toMatchObject({ date: '2031-03-06', time: '15:00' });
  });

  it('skips a later occurrence that clashes, lists it and leaves it out of the price', async () => {
    const tutor = await createTutor(t.app.db);
    const other = await book(bookingPayload(tutor.id, { date: '2031-03-17', time: '10:30' }));
    expect(other.statusCode).toBe(201);
    await confirm(t.app.db, other.json().id);
    const res = await book(bookingPayload(tutor.id));
    expect(res.statusCode).toBe(201);
    expect(res.json().skipped).toEqual([
      { date: '2031-03-17', time: '10:00', reason: 'Clashes with an existing booking.' },
      { date: '2031-03-24', time: '10:00', reason: 'Clashes with an existing booking.' },
    ]);
    expect(res.json().sessions.map((s: { date: string }) => s.date)).toEqual(['2031-03-03', '2031-03-10']);
    expect(res.json().amount_cents).toBe(2500 * 2);
    const stored = await sessionsOf(t.app.db, res.json().id);
    expect(stored.filter((s) => s.status === 'skipped')).toHaveLength(2);
  });

  it('answers 409 when the first session is taken, writing nothing', async () => {
    const tutor = await createTutor(t.app.db);
    expect((await book(bookingPayload(tutor.id, { time: '09:30' }))).statusCode).toBe(201);
    const before = await countRows(t.app.db);
    const res = await book(bookingPayload(tutor.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(msg.slotTaken);
    expect(await countRows(t.app.db)).toEqual(before);
  });

  it('lets a lapsed hold stop blocking, and expires it and its reservation', async () => {
    const tutor = await createTutor(t.app.db);
    const first = await book(bookingPayload(tutor.id));
    expect(first.statusCode).toBe(201);
    await setHoldExpiry(t.app.db, first.json().id, new Date(Date.now() - 1000));
    invalidateTutorBookings(tutor.id); // the hold was moved behind the app's back
    const url = `/api/reservations/available/?tutor_id=${tutor.id}&year=2031&month=3`;
    expect((await get(url)).json().available[MON]).toContain('10:00');
    const summary = await get(`/api/reservations/reservations/${first.json().id}/`);
    expect(summary.json().status).toBe('expired');

    const second = await book(bookingPayload(tutor.id));
    expect(second.statusCode).toBe(201);
    expect(second.json().skipped).toEqual([]);
    expect((await reservationRow(t.app.db, first.json().id))?.status).toBe('expired');
    expect((await sessionsOf(t.app.db, first.json().id)).map((s) => s.status)).toEqual(
      Array(4).fill('expired'),
    );
  });

  it('expireLapsedHolds releases only lapsed holds and answers how many sessions it released', async () => {
    const tutor = await createTutor(t.app.db);
    const lapsed = (await book(bookingPayload(tutor.id))).json();
    const live = (await book(bookingPayload(tutor.id, { time: '15:00' }))).json();
    await setHoldExpiry(t.app.db, lapsed.id, new Date(Date.now() - 60_000));
    // For one tutor, as the booking path asks: the sessions it released.
    const expire = async (now?: Date) =>
      (
        await expireLapsedHolds(
          { db: t.app.db, onSessionsChanged: (ids) => ids.forEach(invalidateTutorBookings) },
          now,
          { tutorId: tutor.id },
        )
      ).sessions;
    expect(await expire()).toBe(4);
    expect((await reservationRow(t.app.db, lapsed.id))?.status).toBe('expired');
    expect((await reservationRow(t.app.db, live.id))?.status).toBe('pending_payment');
    expect(await expire()).toBe(0);
    // With `now` past every hold, the live one lapses too.
    expect(await expire(new Date(Date.now() + 31 * 60_000))).toBe(4);
  });

  it('links the reservation to an existing family account with the e-mail', async () => {
    const tutor = await createTutor(t.app.db);
    const email = `family.${uniq()}@example.com`;
    const userId = await createStudentUser(t.app.db, email);
    const res = await book(bookingPayload(tutor.id, { email: email.toUpperCase() }));
    expect(res.statusCode).toBe(201);
    expect((await reservationRow(t.app.db, res.json().id))?.familyUserId).toBe(userId);
    // Another e-mail gets an account of its own, without a password (decision 262).
    const stranger = await book(bookingPayload(tutor.id, { time: '15:00' }));
    const strangerAccount = (await reservationRow(t.app.db, stranger.json().id))?.familyUserId;
    expect(strangerAccount).not.toBeNull();
    expect(strangerAccount).not.toBe(userId);
    // An account with a password that never proved the address is not linked (issue 12 §5).
    const unproven = `unproven.${uniq()}@example.com`;
    await createStudentUser(t.app.db, unproven, { verified: false, passwordHash: 'pre-220-sign-up' });
    const squatted = await book(bookingPayload(tutor.id, { time: '16:00', email: unproven }));
    expect((await reservationRow(t.app.db, squatted.json().id))?.familyUserId).toBeNull();
  });

  it('stores instants from the tutor zone, following its daylight saving', async () => {
    const tutor = await createTutor(t.app.db, { timeZone: 'Europe/London' });
    // London moves to summer time on 30 March 2031: 10:00 is 10:00 UTC before and 09:00 UTC after.
    const res = await book(bookingPayload(tutor.id, { date: '2031-03-24' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().sessions.map((s: { starts_at: string }) => s.starts_at)).toEqual([
      '2031-03-24T10:00:00.000Z',
      '2031-03-31T09:00:00.000Z',
      '2031-04-07T09:00:00.000Z',
      '2031-04-14T09:00:00.000Z',
    ]);
  });
});

describe('POST /api/reservations/reservations/ with bad input writes nothing', () => {
  let tutorId: number;
  beforeAll(async () => {
    tutorId = (await createTutor(t.app.db)).id;
  });

  const cases: [string, Record<string, unknown>, number, string][] = [
    ['an impossible date', { date: '2026-02-30' }, 400, api.invalidDate],
    ['a date in another format', { date: '03/03/2031' }, 400, api.invalidDate],
    ['a time off the grid', { time: '10:15' }, 400, api.invalidTime],
    ['a quarter-hour duration', { duration_hours: 0.25 }, 400, api.invalidDuration],
    ['a duration over 8 hours', { duration_hours: 8.5 }, 400, api.invalidDuration],
    ['a zero duration', { duration_hours: 0 }, 400, api.invalidDuration],
    [
      'an unknown day code',
      { days: ['mon', 'xyz'], days_times: { mon: '10:00', xyz: '10:00' } },
      400,
      api.unknownDay('xyz'),
    ],
    [
      "a date whose day isn't recurring",
      { days: ['tue'], days_times: { tue: '10:00' } },
      400,
      msg.dateDayMustBeRecurring,
    ],
    ['a day without a time', { days: ['mon', 'wed'] }, 400, msg.timePerDayRequired],
    ['no time', { time: undefined }, 400, msg.dateAndTimeRequired],
    ['an invalid e-mail', { email: 'almaz@example' }, 400, msg.guardianEmailInvalid],
    ['a student age of 2', { student_age: 2 }, 400, api.invalidAge],
    ['a time outside the windows', { time: '12:30' }, 400, msg.timeAlreadyReserved],
    [
      'a second day outside the windows',
      { days: ['mon', 'tue'], days_times: { tue: '20:00' } },
      400,
      api.dayTimeUnavailable('Tuesday', '20:00'),
    ],
    ['a date in the past', { date: '2020-03-02' }, 400, api.tooSoon(2)],
    ['an unknown tutor', { tutor: 999_999 }, 404, api.tutorNotFound],
    ['a malformed tutor', { tutor: 'x' }, 400, api.invalidTutor],
    ['an unknown subject', { tutor: null, subject: 'astrology' }, 404, api.subjectNotFound],
  ];

  it.each(cases)('%s', async (_name, change, status, message) => {
    const before = await countRows(t.app.db);
    const res = await book(bookingPayload(tutorId, change));
    expect(res.statusCode).toBe(status);
    expect(res.json().detail.split('\n')).toContain(message);
    expect(await countRows(t.app.db)).toEqual(before);
  });

  it('lists every step-1 message, joined by line breaks, with field errors', async () => {
    const res = await book({ tutor: tutorId, date: MON, time: '10:00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      [
        msg.guardianNameRequired,
        msg.guardianEmailInvalid,
        msg.guardianPhoneRequired,
        msg.studentNameRequired,
        msg.studentGradeAgeOrDob,
      ].join('\n'),
    );
    expect(res.json().errors).toMatchObject({
      email: [msg.guardianEmailInvalid],
      phone: [msg.guardianPhoneRequired],
    });
  });

  it('answers malformed JSON and non-object bodies with 400', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/reservations/',
      headers: { 'content-type': 'application/json' },
      payload: '{"tutor":',
    });
    expect(bad.statusCode).toBe(400);
    expect((await book([1, 2])).statusCode).toBe(400);
    expect((await book({ ...bookingPayload(tutorId), days: 'mon' })).statusCode).toBe(400);
  });
});

describe('booking by subject (DESIGN §1.6)', () => {
  it('assigns the best-rated tutor free for every session and charges the subject price', async () => {
    const subject = await createSubject(t.app.db, { pricePerHourCents: 3000 });
    const good = await createTutor(t.app.db, { subjectId: subject.id, rating: 4 });
    const best = await createTutor(t.app.db, { subjectId: subject.id, rating: 5 });
    const res = await book(bookingPayload(null, { subject: subject.slug }));
    expect(res.statusCode).toBe(201);
    expect(res.json().tutor.id).toBe(best.id);
    expect(res.json().subject).toBe(subject.name);
    expect(res.json().amount_cents).toBe(3000 * 4);
    // The best is now busy at that time: the next booking goes to the other tutor.
    const next = await book(bookingPayload(null, { subject: subject.slug }));
    expect(next.statusCode).toBe(201);
    expect(next.json().tutor.id).toBe(good.id);
    // Both busy for the first session: taken.
    const third = await book(bookingPayload(null, { subject: subject.slug }));
    expect(third.statusCode).toBe(409);
    expect(third.json().detail).toBe(msg.slotTaken);
  });

  it('prefers a tutor free for the whole plan; else the first free for the first session', async () => {
    const subject = await createSubject(t.app.db);
    const best = await createTutor(t.app.db, { subjectId: subject.id, rating: 5 });
    const second = await createTutor(t.app.db, { subjectId: subject.id, rating: 4 });
    // The best is busy from week 2 (its own booking plans 4 weeks from 10 March).
    expect((await book(bookingPayload(best.id, { date: '2031-03-10' }))).statusCode).toBe(201);
    const res = await book(bookingPayload(null, { subject: subject.slug }));
    expect(res.json().tutor.id).toBe(second.id);
    expect(res.json().skipped).toEqual([]);
    // Now the second is busy every week and the best from week 2 on (its own 4 weeks): the best, with 3 skipped.
    const fallback = await book(bookingPayload(null, { subject: subject.slug }));
    expect(fallback.statusCode).toBe(201);
    expect(fallback.json().tutor.id).toBe(best.id);
    expect(fallback.json().skipped.map((s: { date: string }) => s.date)).toEqual([
      '2031-03-10',
      '2031-03-17',
      '2031-03-24',
    ]);
  });

  it('answers 400 when no tutor of the subject teaches at that time', async () => {
    const subject = await createSubject(t.app.db);
    await createTutor(t.app.db, { subjectId: subject.id });
    const res = await book(bookingPayload(null, { subject: subject.slug, time: '20:00' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(msg.timeAlreadyReserved);
  });
});

describe('GET /api/reservations/reservations/{id}/', () => {
  it("answers the payment page's summary", async () => {
    const tutor = await createTutor(t.app.db);
    const created = (await book(bookingPayload(tutor.id, { full_name: 'Hana Girma' }))).json();
    const res = await get(`/api/reservations/reservations/${created.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      status: 'pending_payment',
      full_name: 'Hana Girma',
      amount: 100,
      amount_cents: 10_000,
      currency: 'USD',
      tutor: { id: tutor.id, full_name: tutor.fullName },
      subject: 'Mathematics',
      duration_hours: 1,
      time_zone: 'Africa/Addis_Ababa',
      hold_expires_at: created.hold_expires_at,
      credit_cents: 0,
      skipped: [],
    });
    expect(res.json().email).toMatch(/^almaz\./);
    expect(res.json().sessions).toHaveLength(4);
    expect(res.json().sessions[0]).toMatchObject({ date: MON, time: '10:00', status: 'held' });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['7d9f1c3e-0000-4000-8000-000000000000', 'not-a-uuid', '1', "1' or '1'='1"]) {
      const res = await get(`/api/reservations/reservations/${encodeURIComponent(id)}/`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().detail).toBe(api.reservationNotFound);
    }
  });
});

it('documents the routes in the OpenAPI document', async () => {
  const res = await get('/api/docs/json');
  expect(res.statusCode).toBe(200);
  expect(Object.keys(res.json().paths)).toEqual(
    expect.arrayContaining([
      '/api/reservations/available/',
      '/api/reservations/available-by-subject/',
      '/api/reservations/booked/',
      '/api/reservations/reservations/',
      '/api/reservations/reservations/{id}/',
    ]),
  );
});
