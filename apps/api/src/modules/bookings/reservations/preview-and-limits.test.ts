import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../platform/config.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  countRows,
  createSubject,
  createTutor as createBookableTutor,
} from './test-fixtures.repository.ts';
import { addTimeOff, createTutorWithAccount, mondayAhead, paidBooking } from '../lifecycle/test/fixtures.ts';

/** The plan before payment (issue 11 §3) and bounded holds (issue 12 §4). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ holdLimits: { perEmail: 3, perAddress: 10 } } as Partial<Config>);
});
afterAll(() => t.close());

const payload = (tutor: number, date: string, extra: Record<string, unknown> = {}) => ({
  tutor,
  date,
  time: '10:00',
  duration_hours: 1,
  full_name: 'Almaz Tesfaye',
  email: `almaz.${randomUUID().slice(0, 8)}@example.com`,
  phone: '+251 911 000 000',
  student_full_name: 'Liya Tesfaye',
  student_age: 10,
  ...extra,
});
const post = (url: string, body: object, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: body, remoteAddress });
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('POST /api/reservations/preview/', () => {
  it('lists every planned and skipped session with the amount, writes nothing, and the booking charges the same', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const date = mondayAhead(3);
    // Another family already has Mondays at 10:00 from the third week on.
    await paidBooking(t.app, {
      tutorId: tutor.id,
      familyEmail: `x-${randomUUID()}@example.com`,
      date: addDays(date, 14),
    });
    const before = await countRows(t.app.db);
    const body = payload(tutor.id, date, {
      days: ['mon', 'wed'],
      days_times: { mon: '10:00', wed: '15:00' },
    });

    const preview = await post('/api/reservations/preview/', body);
    expect(preview.statusCode).toBe(200);
    const plan = preview.json();
    expect(plan.sessions).toHaveLength(8);
    expect(plan.sessions.filter((s: { status: string }) => s.status === 'skipped')).toEqual([
      expect.objectContaining({
        date: addDays(date, 14),
        time: '10:00',
        reason: 'Clashes with an existing booking.',
      }),
      expect.objectContaining({
        date: addDays(date, 21),
        time: '10:00',
        reason: 'Clashes with an existing booking.',
      }),
    ]);
    expect(plan.sessions[0]).toMatchObject({
      date,
      time: '10:00',
      status: 'planned',
      start: expect.any(String),
    });
    // 6 planned sessions × $20.
    expect(plan.amount_cents).toBe(12000);
    expect(plan.amount).toBe(120);
    expect(plan.currency).toBe('USD');
    expect(await countRows(t.app.db)).toEqual(before);

    const created = await post('/api/reservations/reservations/', body);
    expect(created.statusCode).toBe(201);
    expect(created.json().amount_cents).toBe(plan.amount_cents);
    const summary = (
      await t.app.inject({ method: 'GET', url: `/api/reservations/reservations/${created.json().id}/` })
    ).json();
    expect(
      summary.sessions.map((s: { date: string; time: string; start: string }) => [s.date, s.time, s.start]),
    ).toEqual(
      plan.sessions
        .filter((s: { status: string }) => s.status === 'planned')
        .map((s: { date: string; time: string; start: string }) => [s.date, s.time, s.start]),
    );
    expect(summary.skipped.map((s: { date: string }) => s.date)).toEqual([
      addDays(date, 14),
      addDays(date, 21),
    ]);
    expect(summary.amount_charged_cents).toBe(12000);
  });

  it('answers the same refusals as a booking: 400 for bad input, 409 when the first date is taken', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const date = mondayAhead(4);
    const bad = await post('/api/reservations/preview/', { ...payload(tutor.id, date), email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.email).toBeDefined();
    await post('/api/reservations/reservations/', payload(tutor.id, date));
    const taken = await post('/api/reservations/preview/', payload(tutor.id, date));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe('That slot has just been taken. Please pick another time.');
  });
});

describe("the tutor's days off", () => {
  it('are skipped in the plan and the price, refused as the first date, and offer no time', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const date = mondayAhead(10);
    await addTimeOff(t.app.db, tutor.id, addDays(date, 7), addDays(date, 8));
    const plan = (await post('/api/reservations/preview/', payload(tutor.id, date))).json();
    expect(plan.sessions.map((s: { status: string }) => s.status)).toEqual([
      'planned',
      'skipped',
      'planned',
      'planned',
    ]);
    expect(plan.sessions[1].reason).toBe('The tutor is away that day.');
    expect(plan.amount_cents).toBe(6000);
    const first = await post('/api/reservations/reservations/', payload(tutor.id, addDays(date, 7)));
    expect(first.statusCode).toBe(400);
    expect(first.json().detail).toBe('The tutor is away on that day. Please pick another date.');
    const [y, m] = addDays(date, 7).split('-').map(Number);
    const month = await t.app.inject({
      method: 'GET',
      url: `/api/reservations/available/?tutor_id=${tutor.id}&year=${y}&month=${m}&duration_minutes=60`,
    });
    expect(month.json().available[addDays(date, 7)]).toEqual([]);
    expect(month.json().available[addDays(date, 9)].length).toBeGreaterThan(0);
  });
});

describe("a subject's tutors and their days off", () => {
  it('a tutor away on the first date is passed over for one who is free', async () => {
    const subject = await createSubject(t.app.db, { pricePerHourCents: 3000 });
    const best = await createBookableTutor(t.app.db, { subjectId: subject.id, rating: 5 });
    const other = await createBookableTutor(t.app.db, { subjectId: subject.id, rating: 3 });
    const date = mondayAhead(12);
    await addTimeOff(t.app.db, best.id, date);
    const body = payload(null as unknown as number, date, { subject: subject.slug });
    const plan = await post('/api/reservations/preview/', body);
    expect(plan.statusCode).toBe(200);
    expect(plan.json().tutor.id).toBe(other.id);
    const res = await post('/api/reservations/reservations/', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().tutor.id).toBe(other.id);
  });
});

describe('holding slots costs something', () => {
  it('one e-mail holds at most 3 unpaid reservations: the 4th gets 429 with a clear message', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const email = `holder-${randomUUID().slice(0, 8)}@example.com`;
    const date = mondayAhead(6);
    const times = ['09:00', '10:00', '11:00', '14:00'];
    const statuses = [];
    for (const [i, time] of times.entries())
      statuses.push(
        (
          await post(
            '/api/reservations/reservations/',
            payload(tutor.id, date, { time, email }),
            `10.1.0.${i}`,
          )
        ).statusCode,
      );
    expect(statuses).toEqual([201, 201, 201, 429]);
    const last = await post(
      '/api/reservations/reservations/',
      payload(tutor.id, date, { time: '15:00', email: email.toUpperCase() }),
      '10.1.1.1',
    );
    expect(last.statusCode).toBe(429);
    expect(last.json().detail).toMatch(/already has 3 unpaid bookings/);
    // Its code and count, for the interface to say it in the family's language.
    expect(last.json()).toMatchObject({ code: 'hold_limit_email', params: { limit: 3 } });
    // Another e-mail is not affected.
    expect(
      (await post('/api/reservations/reservations/', payload(tutor.id, date, { time: '16:00' }), '10.1.1.2'))
        .statusCode,
    ).toBe(201);
  });

  it('one address holds at most 10 unpaid reservations; a paid one no longer counts', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const address = `10.2.${Math.floor(Math.random() * 200)}.9`;
    const date = mondayAhead(8);
    const times = [
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
    ];
    const statuses = [];
    for (const time of times)
      statuses.push(
        (
          await post(
            '/api/reservations/reservations/',
            payload(tutor.id, date, { time, duration_hours: 0.5 }),
            address,
          )
        ).statusCode,
      );
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    const last = await post(
      '/api/reservations/reservations/',
      payload(tutor.id, date, { time: '17:00', duration_hours: 0.5 }),
      address,
    );
    expect(last.json().detail).toMatch(/Too many unpaid bookings from your network \(10\)/);
    expect(last.json()).toMatchObject({ code: 'hold_limit_address', params: { limit: 10 } });
    expect(
      (
        await post(
          '/api/reservations/reservations/',
          payload(tutor.id, date, { time: '17:00', duration_hours: 0.5 }),
          '10.3.0.1',
        )
      ).statusCode,
    ).toBe(201);
  });
});
