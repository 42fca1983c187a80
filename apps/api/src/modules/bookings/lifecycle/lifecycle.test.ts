import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMessages } from '@tibeb/domain/bookings/messages';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { flakyRefundProvider, readMail } from '../payments/test/fixtures.ts';
import { cancelSession } from './cancel.service.ts';
import { completeEndedSessions } from './completion.service.ts';
import { processRefunds } from './refunds.service.ts';
import {
  addTimeOff,
  createTutorWithAccount,
  createUser,
  linkFamily,
  mondayAhead,
  paidBooking,
  readCredit,
  readEvents,
  readRefunds,
  readSessions,
  setSessionStart,
} from './test/fixtures.ts';

/** The booking lifecycle over HTTP (issue 11 §5–§8), on the engine the suite runs on. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Summary = Awaited<ReturnType<typeof paidBooking>>;

let week = 2;
async function familyBooking(opts: { timeZone?: string; time?: string } = {}) {
  const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
  const family = await createUser(t.app.db, t.config.jwtSecret, 'student', {
    email: `family-${randomUUID().slice(0, 8)}@example.com`,
    timeZone: opts.timeZone ?? 'Europe/London',
  });
  const date = mondayAhead((week += 1));
  const summary = await paidBooking(t.app, {
    tutorId: tutor.id,
    familyEmail: family.email,
    date,
    time: opts.time,
  });
  await linkFamily(t.app.db, summary.id, family.id);
  expect(summary.status).toBe('confirmed');
  expect(summary.sessions.map((s) => s.status)).toEqual(Array(4).fill('scheduled'));
  return { tutor, family, summary, date };
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const cancel = (s: Summary, i: number, payload: object, headers?: Record<string, string>) =>
  post(`/api/bookings/sessions/${s.sessions[i]!.id}/cancel/`, payload, headers);
const reschedule = (s: Summary, i: number, payload: object, headers?: Record<string, string>) =>
  post(`/api/bookings/sessions/${s.sessions[i]!.id}/reschedule/`, payload, headers);
const attendance = (sessionId: string, payload: object, headers?: Record<string, string>) =>
  post(`/api/bookings/sessions/${sessionId}/attendance/`, payload, headers);

async function freeTimes(tutorId: number, date: string) {
  const [y, m] = date.split('-').map(Number);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/reservations/available/?tutor_id=${tutorId}&year=${y}&month=${m}&duration_minutes=60`,
  });
  return (res.json() as { available: Record<string, string[]> }).available[date] ?? [];
}

describe('cancel', () => {
  it('the owning family cancels in time for credit: the time is free at once, both are e-mailed in two zones', async () => {
    const { tutor, family, summary, date } = await familyBooking();
    expect(await freeTimes(tutor.id, date)).not.toContain('10:00');

    const res = await cancel(summary, 0, { scope: 'one', outcome: 'credit' }, family.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Summary;
    expect(body.sessions.map((s) => s.status)).toEqual(['cancelled', 'scheduled', 'scheduled', 'scheduled']);
    expect(body.status).toBe('confirmed');
    expect(await freeTimes(tutor.id, date)).toContain('10:00');

    // 4 × $20: the cancelled session's $20 is the family's credit.
    const credit = await readCredit(t.app.db, family.email);
    expect(credit.map((c) => [c.kind, c.amountCents])).toEqual([['cancellation', 2000]]);
    const events = await readEvents(t.app.db, summary.id);
    expect(events.map((e) => e.action)).toContain('session_cancelled');

    const familyMail = (await readMail(t.app.mailer, family.email)).join('\n');
    expect(familyMail).toMatch(/10:00–11:00 EAT/);
    expect(familyMail).toMatch(/07:00–08:00 Europe\/London, your time/);
    expect(familyMail).toContain('$20.00 credited to your account');
    const tutorMail = (await readMail(t.app.mailer, tutor.account.email)).join('\n');
    expect(tutorMail).toMatch(/cancelled and the time is free again/);
  });

  it('refuses another family (403), a visitor (401) and a tutor (403); a second cancel answers the first', async () => {
    const { family, summary } = await familyBooking();
    const other = await createUser(t.app.db, t.config.jwtSecret, 'student');
    const tutor = await createUser(t.app.db, t.config.jwtSecret, 'tutor');
    expect((await cancel(summary, 1, { scope: 'one', outcome: 'credit' }, other.headers)).statusCode).toBe(
      403,
    );
    expect((await cancel(summary, 1, { scope: 'one', outcome: 'credit' })).statusCode).toBe(401);
    expect((await cancel(summary, 1, { scope: 'one', outcome: 'credit' }, tutor.headers)).statusCode).toBe(
      403,
    );
    expect((await readSessions(t.app.db, summary.id)).map((s) => s.status)).toEqual(
      Array(4).fill('scheduled'),
    );
    const first = await cancel(summary, 1, { outcome: 'credit' }, family.headers);
    expect(first.statusCode).toBe(200);
    // The same request again (a double tap): the same answer, nothing done twice (decision 248).
    const again = await cancel(summary, 1, { outcome: 'credit' }, family.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await readCredit(t.app.db, family.email)).length).toBe(1);
    expect(
      (await post(`/api/bookings/sessions/${randomUUID()}/cancel/`, { outcome: 'credit' }, family.headers))
        .statusCode,
    ).toBe(404);
    expect((await cancel(summary, 2, { scope: 'all' }, family.headers)).statusCode).toBe(400);
  });

  it("'series' with a refund cancels that session and every later one and refunds through the provider", async () => {
    const { family, summary } = await familyBooking();
    const res = await cancel(summary, 1, { scope: 'series', outcome: 'refund' }, family.headers);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Summary).sessions.map((s) => s.status)).toEqual([
      'scheduled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    const refunds = await readRefunds(t.app.db, summary.id);
    expect(refunds.map((r) => [r.refund.amountCents, r.refund.status])).toEqual([
      [2000, 'succeeded'],
      [2000, 'succeeded'],
      [2000, 'succeeded'],
    ]);
    expect(refunds[0]!.payment.refundedCents).toBe(6000);
    expect(refunds[0]!.payment.status).toBe('partially_refunded');
    expect(await readCredit(t.app.db, family.email)).toEqual([]);
    const sessions = await readSessions(t.app.db, summary.id);
    expect(sessions.slice(1).every((s) => s.cancelOutcome === 'refund')).toBe(true);
  });

  it('inside the notice the value is kept for a family; an admin may refund it, audited', async () => {
    const { family, summary } = await familyBooking();
    await setSessionStart(t.app.db, summary.sessions[0]!.id, new Date(Date.now() + 6 * 3_600_000));
    const res = await cancel(summary, 0, { outcome: 'refund' }, family.headers);
    expect(res.statusCode).toBe(200);
    expect((await readSessions(t.app.db, summary.id))[0]!.cancelOutcome).toBe('none');
    expect(await readRefunds(t.app.db, summary.id)).toEqual([]);
    expect(await readCredit(t.app.db, family.email)).toEqual([]);

    const admin = await createUser(t.app.db, t.config.jwtSecret, 'admin');
    await setSessionStart(t.app.db, summary.sessions[1]!.id, new Date(Date.now() + 2 * 3_600_000));
    const byAdmin = await cancel(summary, 1, { outcome: 'refund', reason: 'Tutor ill' }, admin.headers);
    expect(byAdmin.statusCode).toBe(200);
    expect((await readRefunds(t.app.db, summary.id)).map((r) => r.refund.amountCents)).toEqual([2000]);
    const trail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit/?entity_type=reservation&entity_id=${summary.id}`,
      headers: admin.headers,
    });
    expect(JSON.stringify(trail.json())).toContain('reservation.cancel_sessions');
  });

  it('cancelling every session cancels the reservation', async () => {
    const { family, summary } = await familyBooking();
    const res = await cancel(summary, 0, { scope: 'series', outcome: 'credit' }, family.headers);
    expect((res.json() as Summary).status).toBe('cancelled');
    expect((await readCredit(t.app.db, family.email)).reduce((n, c) => n + c.amountCents, 0)).toBe(8000);
  });
});

describe('reschedule', () => {
  it('into a clash answers 409 and changes nothing; into a free slot moves it and frees the old time', async () => {
    const { tutor, family, summary, date } = await familyBooking();
    // Another family holds 15:00 on the same Monday.
    const other = await paidBooking(t.app, {
      tutorId: tutor.id,
      familyEmail: `x-${randomUUID()}@example.com`,
      date,
      time: '15:00',
    });
    expect(other.status).toBe('confirmed');

    const clash = await reschedule(summary, 0, { date, time: '15:30' }, family.headers);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().detail).toBe(bookingMessages.slotTaken);
    expect((await readSessions(t.app.db, summary.id))[0]!.startsAt.toISOString()).toBe(
      summary.sessions[0]!.start,
    );

    const outside = await reschedule(summary, 0, { date, time: '20:00' }, family.headers);
    expect(outside.statusCode).toBe(400);

    const moved = await reschedule(summary, 0, { date, time: '09:00' }, family.headers);
    expect(moved.statusCode).toBe(200);
    const body = moved.json() as Summary;
    expect(body.sessions[0]).toMatchObject({ date, time: '09:00', status: 'scheduled' });
    expect(body.sessions[1]!.time).toBe('10:00');
    const free = await freeTimes(tutor.id, date);
    expect(free).toContain('10:00');
    expect(free).not.toContain('09:00');
    const events = await readEvents(t.app.db, summary.id);
    expect(events.find((e) => e.action === 'session_rescheduled')?.detail).toMatchObject({
      from: summary.sessions[0]!.start,
    });
    const mail = (await readMail(t.app.mailer, family.email)).join('\n');
    expect(mail).toMatch(/now .*09:00–10:00 EAT/);
  });

  it("'series' moves that session and every later one to the new weekday and time", async () => {
    const { family, summary, date } = await familyBooking();
    const tuesday = new Date(Date.parse(`${date}T00:00:00Z`) + 7 * 86_400_000 + 86_400_000)
      .toISOString()
      .slice(0, 10);
    const res = await reschedule(
      summary,
      1,
      { date: tuesday, time: '14:00', scope: 'series' },
      family.headers,
    );
    expect(res.statusCode).toBe(200);
    const s = (res.json() as Summary).sessions;
    expect(s[0]).toMatchObject({ date, time: '10:00' });
    expect(s.slice(1).map((x) => x.time)).toEqual(['14:00', '14:00', '14:00']);
    expect(s.slice(1).map((x) => new Date(`${x.date}T00:00:00Z`).getUTCDay())).toEqual([2, 2, 2]);
  });

  it('inside the notice a family may not move it; an admin may; another family never', async () => {
    const { family, summary, date } = await familyBooking();
    const other = await createUser(t.app.db, t.config.jwtSecret, 'student');
    expect((await reschedule(summary, 2, { date, time: '11:00' }, other.headers)).statusCode).toBe(403);
    await setSessionStart(t.app.db, summary.sessions[0]!.id, new Date(Date.now() + 11 * 3_600_000));
    const late = await reschedule(summary, 0, { date, time: '11:00' }, family.headers);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/up to 12 hours before/);
    const admin = await createUser(t.app.db, t.config.jwtSecret, 'staff');
    expect((await reschedule(summary, 0, { date, time: '11:00' }, admin.headers)).statusCode).toBe(200);
  });

  it("refuses a new date on the tutor's day off", async () => {
    const { tutor, family, summary, date } = await familyBooking();
    const tuesday = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await addTimeOff(t.app.db, tutor.id, tuesday);
    const res = await reschedule(summary, 0, { date: tuesday, time: '10:00' }, family.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/away on that day/);
  });
});

describe('attendance and completion', () => {
  it('only the session’s tutor or an admin marks it, once it has started; the note is kept', async () => {
    const { tutor, family, summary } = await familyBooking();
    const otherTutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const id = summary.sessions[0]!.id;
    expect((await attendance(id, { status: 'attended' }, otherTutor.account.headers)).statusCode).toBe(403);
    expect((await attendance(id, { status: 'attended' }, family.headers)).statusCode).toBe(403);
    expect((await attendance(id, { status: 'attended' })).statusCode).toBe(401);
    const early = await attendance(id, { status: 'attended' }, tutor.account.headers);
    expect(early.statusCode).toBe(409);

    await setSessionStart(t.app.db, id, new Date(Date.now() - 30 * 60_000));
    const res = await attendance(
      id,
      { status: 'no_show', note: 'Waited 20 minutes.' },
      tutor.account.headers,
    );
    expect(res.statusCode).toBe(200);
    expect((res.json() as Summary).sessions[0]!.status).toBe('no_show');
    const fixed = await attendance(
      id,
      { status: 'attended', note: 'Fractions: good progress.' },
      tutor.account.headers,
    );
    expect((fixed.json() as Summary).sessions[0]!.status).toBe('completed');
    expect(
      (await readEvents(t.app.db, summary.id)).filter((e) => e.action === 'attendance_marked'),
    ).toHaveLength(2);
  });

  it('the job completes sessions whose end has passed (not marked ones), then the reservation', async () => {
    const { summary } = await familyBooking();
    const base = Date.now() - 30 * 86_400_000;
    for (const [i, s] of summary.sessions.entries())
      await setSessionStart(t.app.db, s.id, new Date(base + i * 7 * 86_400_000 + 3_600_000 * (i % 2)));
    expect(await completeEndedSessions(t.app.db)).toBeGreaterThanOrEqual(4);
    const after = await t.app.inject({ method: 'GET', url: `/api/reservations/reservations/${summary.id}/` });
    expect((after.json() as Summary).status).toBe('completed');
    expect((after.json() as Summary).sessions.map((s) => s.status)).toEqual(Array(4).fill('completed'));
  });
});

describe('refunds when the provider is down', () => {
  it('the cancel stands, the refund waits pending, and the retry sends it once with the same key', async () => {
    const { family, summary } = await familyBooking();
    const { provider, state } = flakyRefundProvider();
    const deps = {
      db: t.app.db,
      mailer: t.app.mailer,
      log: t.app.log,
      provider,
      publicUrl: t.config.publicUrl,
    };
    const actor = { userId: family.id, role: 'student' as const };
    const after = await cancelSession(deps, actor, summary.sessions[3]!.id, { outcome: 'refund' });
    expect(after.sessions[3]!.status).toBe('cancelled');
    expect((await readRefunds(t.app.db, summary.id)).map((r) => r.refund.status)).toEqual(['pending']);

    state.up = true;
    expect(await processRefunds(deps)).toBeGreaterThanOrEqual(1);
    const [row] = await readRefunds(t.app.db, summary.id);
    expect(row!.refund.status).toBe('succeeded');
    expect(row!.payment.refundedCents).toBe(2000);
    expect(new Set(state.keys.filter((k) => k.includes(summary.sessions[3]!.id))).size).toBe(1);
    // A second pass has nothing left to send.
    expect(await processRefunds(deps, [row!.refund.id])).toBe(0);
  });
});
