import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncidentReport, IncidentView, MyIncidents } from '@tibeb/domain/bookings/incidents';
import { instantToWallClock } from '@tibeb/domain/bookings/time';
import { queryRows } from '../../../platform/db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { readMail } from '../payments/test/fixtures.ts';
import { completeEndedSessions } from './completion.service.ts';
import { settleDueIncidents } from './incidents.service.ts';
import { lifecycleDeps } from './lifecycle-deps.service.ts';
import {
  createUser,
  linkedFamilyBooking,
  mondayAhead,
  readCredit,
  readEvents,
  readRefunds,
  readSessions,
  setSessionStart,
} from './test/fixtures.ts';

/** Interruptions and tutors' absences (issue 30 item 3, decision 271), on the engine the suite runs on. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let stranger: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app.db, t.config.jwtSecret, 'admin');
  stranger = await createUser(t.app.db, t.config.jwtSecret, 'student');
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let week = 3;
const booking = () => linkedFamilyBooking(t.app, { date: mondayAhead((week += 1)) });
const post = (url: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const interruption = (id: string, payload: object, headers: Record<string, string>) =>
  post(`/api/bookings/sessions/${id}/interruption/`, payload, headers);
const absent = (id: string, payload: object, headers: Record<string, string>) =>
  post(`/api/bookings/sessions/${id}/tutor-absent/`, payload, headers);
const makeup = (id: string, payload: object, headers: Record<string, string>) =>
  post(`/api/bookings/sessions/${id}/makeup/`, payload, headers);

/** A date `days` from now in EAT (the tutor's zone), for a make-up at one of the tutor's times. */
const eatDate = (days: number) =>
  instantToWallClock(new Date(Date.now() + days * DAY), 'Africa/Addis_Ababa').date;

/** The ledger's transactions of a session, by kind, and the sums per account of a reservation. */
async function kindsOf(sessionId: string) {
  const rows = await queryRows<{ kind: string }>(
    t.app.db,
    sql`select kind from ledger_transactions where session_id = ${sessionId} order by occurred_at, created_at`,
  );
  return rows.map((r) => r.kind);
}
async function accounts(reservationId: string) {
  const rows = await queryRows<{ account: string; sum: string }>(
    t.app.db,
    sql`select e.account, sum(e.amount_cents) as sum from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
         where x.reservation_id = ${reservationId} group by e.account`,
  );
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.sum)]).filter(([, v]) => v !== 0));
}

describe('interruption', () => {
  it('the family reports a lesson under way: interrupted, a 14-day make-up deadline, both e-mailed with the cause; twice 409', async () => {
    const { tutor, family, summary } = await booking();
    const first = summary.sessions[0]!.id;
    await setSessionStart(t.app.db, first, new Date(Date.now() - 30 * 60_000));

    const res = await interruption(first, { cause: 'power', note: 'The power went out.' }, family.headers);
    expect(res.statusCode).toBe(200);
    const view = res.json() as IncidentView;
    expect(view).toMatchObject({
      kind: 'interruption',
      cause: 'power',
      status: 'open',
      reported_by_role: 'family',
    });
    expect(new Date(view.deadline_at).getTime() - Date.now()).toBeGreaterThan(13.9 * DAY);
    expect((await readSessions(t.app.db, summary.id))[0]!.status).toBe('interrupted');
    expect((await readEvents(t.app.db, summary.id)).map((e) => e.action)).toContain('session_interrupted');
    // Not held yet: nothing earned, nothing to reverse.
    expect(await kindsOf(first)).toEqual([]);

    const familyMail = (await readMail(t.app.mailer, family.email)).join('\n');
    expect(familyMail).toContain('Lesson interrupted');
    expect(familyMail).toContain('a power cut');
    expect(familyMail).toContain('The power went out.');
    expect((await readMail(t.app.mailer, tutor.account.email)).join('\n')).toContain('you are paid once');

    const again = await interruption(first, { cause: 'connection' }, tutor.account.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'incident_already_reported' });
    expect((await absent(first, {}, family.headers)).statusCode).toBe(409);
  });

  it('not theirs 404, before the start or 24 hours after the end 409, a bad cause 400', async () => {
    const { family, summary } = await booking();
    const [a, b, c] = summary.sessions.map((s) => s.id);
    expect((await interruption(a!, { cause: 'power' }, stranger.headers)).statusCode).toBe(404);
    expect((await interruption(a!, { cause: 'power' }, family.headers)).json()).toMatchObject({
      code: 'incident_not_started',
    });
    await setSessionStart(t.app.db, b!, new Date(Date.now() - 26 * HOUR));
    const late = await interruption(b!, { cause: 'power' }, family.headers);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'incident_too_late' });
    await setSessionStart(t.app.db, c!, new Date(Date.now() - 2 * HOUR));
    expect((await interruption(c!, { cause: 'rain' }, family.headers)).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/bookings/sessions/${c}/interruption/`, payload: {} }))
        .statusCode,
    ).toBe(401);
  });

  it('a held lesson: its earning is reversed once; the make-up is booked free and earns the price once when held', async () => {
    const { tutor, family, summary } = await booking();
    const first = summary.sessions[0]!.id;
    await setSessionStart(t.app.db, first, new Date(Date.now() - 3 * HOUR));
    await completeEndedSessions(t.app.db);
    expect(await kindsOf(first)).toEqual(['session_earned']);

    const res = await interruption(first, { cause: 'connection' }, tutor.account.headers);
    expect(res.statusCode).toBe(200);
    expect(await kindsOf(first)).toEqual(['session_earned', 'earning_reversed']);
    // 4 × $20 prepaid, nothing earned any more.
    expect(await accounts(summary.id)).toEqual({ family_payments: 8000, family_prepaid: -8000 });

    // The tutor does not book the make-up; a time outside the tutor's hours or after the deadline is refused.
    const date = eatDate(2);
    expect((await makeup(first, { date, time: '15:00' }, tutor.account.headers)).statusCode).toBe(403);
    expect((await makeup(first, { date, time: '13:00' }, family.headers)).statusCode).toBe(400);
    expect((await makeup(first, { date: eatDate(16), time: '15:00' }, family.headers)).json()).toMatchObject({
      code: 'incident_makeup_too_late',
    });
    // Another lesson of the tutor at that time: 409.
    const third = summary.sessions[2]!;
    const clashAt = new Date(`${date}T12:00:00Z`); // 15:00 EAT
    await setSessionStart(t.app.db, third.id, clashAt);
    expect((await makeup(first, { date, time: '15:00' }, family.headers)).json()).toMatchObject({
      code: 'slot_taken',
    });

    const booked = await makeup(first, { date, time: '16:00' }, family.headers);
    expect(booked.statusCode).toBe(200);
    const view = booked.json() as IncidentView;
    expect(view.status).toBe('made_up');
    expect(view.makeup_starts_at).toBe(new Date(`${date}T13:00:00Z`).toISOString());
    expect((await makeup(first, { date, time: '17:00' }, family.headers)).statusCode).toBe(409);
    const sessions = await readSessions(t.app.db, summary.id);
    const made = sessions.find((s) => s.makeupOfSessionId === first)!;
    expect(made.status).toBe('scheduled');
    expect(made.endsAt.getTime() - made.startsAt.getTime()).toBe(HOUR);
    // At no charge: the family's money did not move.
    expect(await accounts(summary.id)).toEqual({ family_payments: 8000, family_prepaid: -8000 });
    expect((await readMail(t.app.mailer, tutor.account.email)).join('\n')).toContain('Make-up booked');

    // The make-up is held: the tutor earns the lesson's price ($20, 85 %) once.
    await setSessionStart(t.app.db, made.id, new Date(Date.now() - 2 * HOUR));
    await completeEndedSessions(t.app.db);
    expect(await kindsOf(made.id)).toEqual(['session_earned']);
    expect(await accounts(summary.id)).toEqual({
      family_payments: 8000,
      family_prepaid: -6000,
      tutor_payable: -1700,
      platform_commission: -300,
    });
  });

  it('no make-up by the deadline: the job credits the lesson’s value once and the interruption lapses', async () => {
    const { family, summary } = await booking();
    const first = summary.sessions[0]!.id;
    await setSessionStart(t.app.db, first, new Date(Date.now() - HOUR));
    expect((await interruption(first, { cause: 'other' }, family.headers)).statusCode).toBe(200);
    const deps = lifecycleDeps(t.app);
    // Not yet due.
    await settleDueIncidents(deps, new Date(Date.now() + 13 * DAY));
    expect(await readCredit(t.app.db, family.email)).toEqual([]);

    const later = new Date(Date.now() + 15 * DAY);
    expect(await settleDueIncidents(deps, later)).toBeGreaterThanOrEqual(1);
    expect(await settleDueIncidents(deps, later)).toBe(0);
    expect((await readCredit(t.app.db, family.email)).map((c) => c.amountCents)).toEqual([2000]);
    expect(await kindsOf(first)).toEqual(['session_cancelled_credit']);
    expect(await accounts(summary.id)).toEqual({
      family_payments: 8000,
      family_prepaid: -6000,
      family_credit: -2000,
    });
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/bookings/incidents/mine/', headers: family.headers })
    ).json() as MyIncidents;
    expect(mine.incidents.find((i) => i.session_id === first)?.status).toBe('lapsed');
    expect((await makeup(first, { date: eatDate(2), time: '15:00' }, family.headers)).statusCode).toBe(409);
    expect((await readMail(t.app.mailer, family.email)).join('\n')).toContain('Lesson value credited');
  });
});

describe('tutor absent', () => {
  it('only the family reports it; the tutor disputes within 48 hours; the admin upholds: credit, earning reversed, cancelled', async () => {
    const { tutor, family, summary } = await booking();
    const first = summary.sessions[0]!.id;
    await setSessionStart(t.app.db, first, new Date(Date.now() - 3 * HOUR));
    await completeEndedSessions(t.app.db);
    expect((await absent(first, {}, tutor.account.headers)).statusCode).toBe(403);
    expect((await absent(first, {}, stranger.headers)).statusCode).toBe(404);

    const res = await absent(first, { note: 'We waited 30 minutes.' }, family.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'tutor_absent', status: 'open' });
    expect((await readMail(t.app.mailer, tutor.account.email)).join('\n')).toContain('did not come');

    const dispute = (payload: object, headers: Record<string, string>) =>
      post(`/api/bookings/sessions/${first}/absence-dispute/`, payload, headers);
    expect((await dispute({ note: 'x' }, family.headers)).statusCode).toBe(403);
    expect((await dispute({ note: ' ' }, tutor.account.headers)).statusCode).toBe(400);
    const disputed = await dispute({ note: 'I was in the room; nobody joined.' }, tutor.account.headers);
    expect(disputed.statusCode).toBe(200);
    expect(disputed.json()).toMatchObject({ status: 'disputed' });
    expect((await dispute({ note: 'again' }, tutor.account.headers)).statusCode).toBe(409);
    // The job leaves a disputed report to the admin.
    await settleDueIncidents(lifecycleDeps(t.app), new Date(Date.now() + 3 * DAY));
    const id = (disputed.json() as IncidentView).id;

    const report = await t.app.inject({
      method: 'GET',
      url: '/api/admin/incidents/',
      headers: admin.headers,
    });
    expect(report.statusCode).toBe(200);
    const body = report.json() as IncidentReport;
    expect(body.tutors.find((x) => x.tutor_id === tutor.id)).toMatchObject({ absences: 1, disputed: 1 });
    expect(body.incidents.some((i) => i.id === id && i.status === 'disputed')).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/incidents/', headers: family.headers }))
        .statusCode,
    ).toBe(403);

    const decide = (payload: object) => post(`/api/admin/incidents/${id}/decision/`, payload, admin.headers);
    const upheld = await decide({ decision: 'uphold', note: 'The room log shows no tutor.' });
    expect(upheld.statusCode).toBe(200);
    expect(upheld.json()).toMatchObject({ status: 'upheld' });
    expect((await decide({ decision: 'dismiss' })).statusCode).toBe(409);

    const s = (await readSessions(t.app.db, summary.id))[0]!;
    expect([s.status, s.cancelOutcome]).toEqual(['cancelled', 'credit']);
    expect((await readCredit(t.app.db, family.email)).map((c) => c.amountCents)).toEqual([2000]);
    expect(await kindsOf(first)).toEqual(['session_earned', 'earning_reversed', 'session_cancelled_credit']);
    expect(await accounts(summary.id)).toEqual({
      family_payments: 8000,
      family_prepaid: -6000,
      family_credit: -2000,
    });
    expect((await readMail(t.app.mailer, family.email)).join('\n')).toContain('Lesson given back');
  });

  it('undisputed at the deadline the job gives the lesson back as the refund the family asked for', async () => {
    const { family, summary } = await booking();
    const first = summary.sessions[0]!.id;
    await setSessionStart(t.app.db, first, new Date(Date.now() - 3 * HOUR));
    await completeEndedSessions(t.app.db);
    expect((await absent(first, { outcome: 'refund' }, family.headers)).statusCode).toBe(200);
    const deps = lifecycleDeps(t.app);
    await settleDueIncidents(deps, new Date(Date.now() + 47 * HOUR));
    expect((await readSessions(t.app.db, summary.id))[0]!.status).toBe('completed');
    await settleDueIncidents(deps, new Date(Date.now() + 49 * HOUR));
    const s = (await readSessions(t.app.db, summary.id))[0]!;
    expect([s.status, s.cancelOutcome]).toEqual(['cancelled', 'refund']);
    expect((await readRefunds(t.app.db, summary.id)).map((r) => r.refund.amountCents)).toEqual([2000]);
    expect(await kindsOf(first)).toEqual(['session_earned', 'earning_reversed', 'session_cancelled_refund']);
    // The tutor's dispute comes too late.
    expect(
      (
        await post(
          `/api/bookings/sessions/${first}/absence-dispute/`,
          { note: 'I was there.' },
          admin.headers,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('dismissed: nothing changes and both are told', async () => {
    const { tutor, family, summary } = await booking();
    const first = summary.sessions[0]!.id;
    await setSessionStart(t.app.db, first, new Date(Date.now() - 3 * HOUR));
    await completeEndedSessions(t.app.db);
    await absent(first, {}, family.headers);
    const disputed = await post(
      `/api/bookings/sessions/${first}/absence-dispute/`,
      { note: 'I taught the lesson.' },
      tutor.account.headers,
    );
    const id = (disputed.json() as IncidentView).id;
    const res = await post(`/api/admin/incidents/${id}/decision/`, { decision: 'dismiss' }, admin.headers);
    expect(res.json()).toMatchObject({ status: 'dismissed' });
    expect((await readSessions(t.app.db, summary.id))[0]!.status).toBe('completed');
    expect(await kindsOf(first)).toEqual(['session_earned']);
    expect(await readCredit(t.app.db, family.email)).toEqual([]);
    expect((await readMail(t.app.mailer, family.email)).join('\n')).toContain('our decision');
    expect((await readMail(t.app.mailer, tutor.account.email)).join('\n')).toContain('dismissed');
  });

  it("the family's list: lessons it may still report, and its reports", async () => {
    const { family, summary } = await booking();
    const [a, b] = summary.sessions.map((s) => s.id);
    await setSessionStart(t.app.db, a!, new Date(Date.now() - 3 * HOUR));
    await setSessionStart(t.app.db, b!, new Date(Date.now() - 30 * HOUR));
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/bookings/incidents/mine/', headers: family.headers })
    ).json() as MyIncidents;
    expect(mine.reportable.map((s) => s.id)).toEqual([a]);
    expect(mine.incidents).toEqual([]);
  });
});
