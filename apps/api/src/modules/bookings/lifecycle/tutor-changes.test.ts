import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Test reads go straight to the schema (tests are exempt from the repository rule).
import { eq } from 'drizzle-orm';
import { sessionMoveRequests } from '../../../platform/db/schema/bookings.ts';
import { contactMessages } from '../../../platform/db/schema/content.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { readMail } from '../payments/test/fixtures.ts';
import { lifecycleDeps } from './lifecycle-deps.service.ts';
import { expireMoveRequests } from './move-requests.service.ts';
import {
  createTutorWithAccount,
  createUser,
  linkFamily,
  mondayAhead,
  paidBooking,
  readCredit,
  readSessions,
  setSessionStart,
} from './test/fixtures.ts';

/** The tutor's side of changes (issue 31 item 6, decision 260) over HTTP, under the booking policy (12 h notice). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let week = 30;
async function booking() {
  const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
  const family = await createUser(t.app.db, t.config.jwtSecret, 'student', {
    email: `family-${randomUUID().slice(0, 8)}@example.com`,
    timeZone: 'Europe/London',
  });
  const date = mondayAhead((week += 1));
  const summary = await paidBooking(t.app, { tutorId: tutor.id, familyEmail: family.email, date });
  await linkFamily(t.app.db, summary.id, family.id);
  return { tutor, family, summary, date };
}

const post = (url: string, payload: object | undefined, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

/** Brings a lesson inside the notice window: it starts in 5 hours. */
async function insideWindow(sessionId: string) {
  await setSessionStart(t.app.db, sessionId, new Date(Date.now() + 5 * 3_600_000));
}

describe("the tutor's cancellation", () => {
  it('cancels one lesson with a reason, inside the window too: the family gets its value as credit, both told why', async () => {
    const { tutor, family, summary } = await booking();
    const first = summary.sessions[0]!;
    await insideWindow(first.id);
    const res = await post(
      `/api/tutor/sessions/${first.id}/cancel/`,
      { scope: 'one', reason: 'Exam invigilation at school' },
      tutor.account.headers,
    );
    expect(res.statusCode).toBe(200);
    const sessions = await readSessions(t.app.db, summary.id);
    expect(sessions.map((s) => s.status)).toEqual(['cancelled', 'scheduled', 'scheduled', 'scheduled']);
    expect(sessions[0]!.cancelOutcome).toBe('credit');
    const credit = await readCredit(t.app.db, family.email);
    expect(credit.map((c) => c.amountCents)).toEqual([summary.amount_cents / 4]);
    const familyMail = (await readMail(t.app.mailer, family.email)).join('\n');
    expect(familyMail).toContain('Your tutor cancelled lessons: Liya Tesfaye');
    expect(familyMail).toContain('Reason given: Exam invigilation at school');
    expect(familyMail).toContain('credited to your account');
    const tutorMail = (await readMail(t.app.mailer, tutor.account.email)).join('\n');
    expect(tutorMail).toContain('Reason given: Exam invigilation at school');
  });

  it('cancels the rest of the series; a reason is required; another tutor is refused', async () => {
    const { tutor, summary } = await booking();
    const other = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const url = `/api/tutor/sessions/${summary.sessions[1]!.id}/cancel/`;
    expect((await post(url, { scope: 'series' }, tutor.account.headers)).statusCode).toBe(400);
    expect((await post(url, { scope: 'series', reason: '  ' }, tutor.account.headers)).statusCode).toBe(400);
    const refused = await post(url, { scope: 'series', reason: 'Moving away' }, other.account.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'tutor_change_not_your_lesson' });
    const res = await post(url, { scope: 'series', reason: 'Moving away' }, tutor.account.headers);
    expect(res.statusCode).toBe(200);
    expect((await readSessions(t.app.db, summary.id)).map((s) => s.status)).toEqual([
      'scheduled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
  });
});

describe("the tutor's move", () => {
  it('outside the notice window moves at once and tells both sides with the reason', async () => {
    const { tutor, family, summary, date } = await booking();
    const res = await post(
      `/api/tutor/sessions/${summary.sessions[0]!.id}/move/`,
      { date, time: '15:00', reason: 'Dentist in the morning' },
      tutor.account.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'moved', request: null });
    const [moved] = await readSessions(t.app.db, summary.id);
    expect(moved!.startsAt.toISOString()).toBe(new Date(`${date}T12:00:00Z`).toISOString());
    const familyMail = (await readMail(t.app.mailer, family.email)).join('\n');
    expect(familyMail).toContain('Your tutor moved lessons');
    expect(familyMail).toContain('Reason given: Dentist in the morning');
  });

  it('inside the window asks the family: nothing moves until it accepts, then the lesson moves', async () => {
    const { tutor, family, summary, date } = await booking();
    const first = summary.sessions[0]!;
    await insideWindow(first.id);
    const res = await post(
      `/api/tutor/sessions/${first.id}/move/`,
      { date, time: '11:00', reason: 'A training that morning' },
      tutor.account.headers,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as { outcome: string; request: { id: string; lessons: { to: string }[] } };
    expect(body.outcome).toBe('asked');
    expect(body.request.lessons).toEqual([
      expect.objectContaining({ session_id: first.id, to: new Date(`${date}T08:00:00Z`).toISOString() }),
    ]);
    const before = (await readSessions(t.app.db, summary.id))[0]!;
    expect(before.startsAt.getTime()).toBeLessThan(Date.now() + 6 * 3_600_000);
    const familyMail = (await readMail(t.app.mailer, family.email)).join('\n');
    expect(familyMail).toContain('Your tutor asks to move a lesson');
    expect(familyMail).toContain('Accept or decline in your family area');

    // A second move of the same lesson waits for the first answer.
    const again = await post(
      `/api/tutor/sessions/${first.id}/move/`,
      { date, time: '15:00', reason: 'x' },
      tutor.account.headers,
    );
    expect(again.statusCode).toBe(409);

    const list = await get('/api/family/move-requests/', family.headers);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: body.request.id, reason: 'A training that morning', status: 'pending' }),
    ]);
    // Someone else's family cannot answer it.
    const stranger = await createUser(t.app.db, t.config.jwtSecret, 'student');
    expect(
      (await post(`/api/family/move-requests/${body.request.id}/accept/`, undefined, stranger.headers))
        .statusCode,
    ).toBe(404);

    const accepted = await post(
      `/api/family/move-requests/${body.request.id}/accept/`,
      undefined,
      family.headers,
    );
    expect(accepted.statusCode).toBe(200);
    const after = (await readSessions(t.app.db, summary.id))[0]!;
    expect(after.startsAt.toISOString()).toBe(new Date(`${date}T08:00:00Z`).toISOString());
    expect(after.status).toBe('scheduled');
    const [row] = await t.app.db
      .select()
      .from(sessionMoveRequests)
      .where(eq(sessionMoveRequests.sessionId, first.id));
    expect(row!.status).toBe('accepted');
    expect((await get('/api/family/move-requests/', family.headers)).json()).toEqual([]);
    // Answered once: a second accept is refused plainly.
    const twice = await post(
      `/api/family/move-requests/${body.request.id}/accept/`,
      undefined,
      family.headers,
    );
    expect(twice.statusCode).toBe(409);
  });

  it('accept answers 409 when the asked time was taken meanwhile, and the lesson stays', async () => {
    const { tutor, family, summary, date } = await booking();
    const first = summary.sessions[0]!;
    await insideWindow(first.id);
    const res = await post(
      `/api/tutor/sessions/${first.id}/move/`,
      { date, time: '11:00', reason: 'Clash test' },
      tutor.account.headers,
    );
    const id = (res.json() as { request: { id: string } }).request.id;
    // Another family books the asked time.
    await paidBooking(t.app, {
      tutorId: tutor.id,
      familyEmail: `other-${randomUUID().slice(0, 6)}@example.com`,
      date,
      time: '11:00',
    });
    const startBefore = (await readSessions(t.app.db, summary.id))[0]!.startsAt.getTime();
    const accepted = await post(`/api/family/move-requests/${id}/accept/`, undefined, family.headers);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toMatchObject({ code: 'tutor_change_time_gone' });
    expect((await readSessions(t.app.db, summary.id))[0]!.startsAt.getTime()).toBe(startBefore);
  });

  it('decline leaves the lesson; withdraw closes the request; a started lesson expires it', async () => {
    const { tutor, family, summary, date } = await booking();
    const [a, b, c] = summary.sessions;
    // Three lessons inside the window, each at its own hour.
    await setSessionStart(t.app.db, a!.id, new Date(Date.now() + 4 * 3_600_000));
    await setSessionStart(t.app.db, b!.id, new Date(Date.now() + 6 * 3_600_000));
    await setSessionStart(t.app.db, c!.id, new Date(Date.now() + 8 * 3_600_000));
    const ask = async (id: string, time: string) =>
      (
        (
          await post(
            `/api/tutor/sessions/${id}/move/`,
            { date, time, reason: 'Please' },
            tutor.account.headers,
          )
        ).json() as {
          request: { id: string };
        }
      ).request.id;
    const r1 = await ask(a!.id, '09:00');
    const r2 = await ask(b!.id, '14:00');
    const r3 = await ask(c!.id, '16:00');

    const declined = await post(`/api/family/move-requests/${r1}/decline/`, undefined, family.headers);
    expect(declined.json()).toEqual({ id: r1, status: 'declined' });
    // The family cannot withdraw; the tutor can.
    expect(
      (await post(`/api/tutor/move-requests/${r2}/withdraw/`, undefined, family.headers)).statusCode,
    ).toBe(403);
    const withdrawn = await post(
      `/api/tutor/move-requests/${r2}/withdraw/`,
      undefined,
      tutor.account.headers,
    );
    expect(withdrawn.json()).toEqual({ id: r2, status: 'withdrawn' });
    expect((await readMail(t.app.mailer, family.email)).join('\n')).toContain('Move request withdrawn');

    // The third lesson starts: its request expires (the job's step, and on every read).
    await setSessionStart(t.app.db, c!.id, new Date(Date.now() - 60_000));
    expect(await expireMoveRequests(lifecycleDeps(t.app))).toBe(1);
    // Both sides are told once that the lessons stay (a second run finds nothing to expire).
    expect(await expireMoveRequests(lifecycleDeps(t.app))).toBe(0);
    const expiredMails = (await readMail(t.app.mailer, family.email)).filter((m) =>
      m.includes('Move request expired'),
    );
    expect(expiredMails).toHaveLength(1);
    expect((await readMail(t.app.mailer, tutor.account.email)).join('\n')).toContain('Move request expired');
    const late = await post(`/api/family/move-requests/${r3}/accept/`, undefined, family.headers);
    expect(late.statusCode).toBe(409);
    const statuses = await t.app.db.select().from(sessionMoveRequests);
    const byBatch = new Map(statuses.map((s) => [s.batchId, s.status]));
    expect([byBatch.get(r1), byBatch.get(r2), byBatch.get(r3)]).toEqual(['declined', 'withdrawn', 'expired']);
    expect((await readSessions(t.app.db, summary.id)).map((s) => s.status).slice(0, 2)).toEqual([
      'scheduled',
      'scheduled',
    ]);
    expect((await get('/api/tutor/move-requests/', tutor.account.headers)).json()).toEqual([]);
  });
});

describe('a move request and the other changes', () => {
  it('a lesson cancelled or moved another way closes the tutor’s pending request on it', async () => {
    const { tutor, family, summary, date } = await booking();
    const [a, b] = summary.sessions;
    await insideWindow(a!.id);
    await setSessionStart(t.app.db, b!.id, new Date(Date.now() + 7 * 3_600_000));
    const ask = async (id: string, time: string) =>
      (
        (
          await post(
            `/api/tutor/sessions/${id}/move/`,
            { date, time, reason: 'A training' },
            tutor.account.headers,
          )
        ).json() as {
          request: { id: string };
        }
      ).request.id;
    const onA = await ask(a!.id, '09:00');
    const onB = await ask(b!.id, '14:00');
    // The family cancels the first lesson itself; the office moves the second.
    const cancelled = await post(
      `/api/bookings/sessions/${a!.id}/cancel/`,
      { outcome: 'credit' },
      family.headers,
    );
    expect(cancelled.statusCode).toBe(200);
    const admin = await createUser(t.app.db, t.config.jwtSecret, 'admin');
    const moved = await post(
      `/api/bookings/sessions/${b!.id}/reschedule/`,
      { date: mondayAhead((week += 1)), time: '10:00', reason: 'Family asked by phone' },
      admin.headers,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await t.app.db.select().from(sessionMoveRequests);
    const byBatch = new Map(rows.map((r) => [r.batchId, r.status]));
    expect([byBatch.get(onA), byBatch.get(onB)]).toEqual(['withdrawn', 'withdrawn']);
    expect((await get('/api/family/move-requests/', family.headers)).json()).toEqual([]);
    expect((await get('/api/tutor/move-requests/', tutor.account.headers)).json()).toEqual([]);
  });
});

describe('sick day and asking the office', () => {
  it("a sick day cancels that day's lessons only, credits the family and tells it why", async () => {
    const { tutor, family, summary, date } = await booking();
    const res = await post('/api/tutor/sick-day/', { date, reason: 'Flu' }, tutor.account.headers);
    expect(res.json()).toEqual({ cancelled: 1 });
    expect((await readSessions(t.app.db, summary.id)).map((s) => s.status)).toEqual([
      'cancelled',
      'scheduled',
      'scheduled',
      'scheduled',
    ]);
    expect((await readCredit(t.app.db, family.email)).length).toBe(1);
    const mail = (await readMail(t.app.mailer, family.email)).join('\n');
    expect(mail).toContain('is ill and cancelled');
    expect(mail).toContain('Reason given: Flu');
    // The lessons are offered to move too: new times with the tutor, paid by the credit first.
    expect(mail).toContain('Would you rather move these lessons than keep the credit?');
    expect(mail).toContain(`/tutors/${tutor.id}-`);
    expect(
      (await post('/api/tutor/sick-day/', { date: 'tomorrow', reason: 'Flu' }, tutor.account.headers))
        .statusCode,
    ).toBe(400);
    expect((await post('/api/tutor/sick-day/', { date, reason: 'Flu' }, family.headers)).statusCode).toBe(
      403,
    );
  });

  it('asks the office: stored where admins read contact messages, admins e-mailed, bounded', async () => {
    const { tutor, summary } = await booking();
    const other = await booking();
    const admin = await createUser(t.app.db, t.config.jwtSecret, 'admin');
    const url = '/api/tutor/ask-office/';
    const res = await post(
      url,
      { message: 'The family asks for a refund, please advise.', session_ids: [summary.sessions[0]!.id] },
      tutor.account.headers,
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, (res.json() as { id: number }).id));
    expect(row!.message).toContain('The family asks for a refund');
    expect(row!.email).toBe(tutor.account.email);
    expect((await readMail(t.app.mailer, admin.email)).join('\n')).toContain('A tutor asks the office');
    // Another tutor's lesson is refused; an empty message is refused.
    expect(
      (await post(url, { message: 'x', session_ids: [other.summary.sessions[0]!.id] }, tutor.account.headers))
        .statusCode,
    ).toBe(403);
    expect((await post(url, { message: '' }, tutor.account.headers)).statusCode).toBe(400);
    for (let i = 0; i < 4; i += 1) await post(url, { message: `again ${i}` }, tutor.account.headers);
    expect((await post(url, { message: 'one too many' }, tutor.account.headers)).statusCode).toBe(429);
  });

  it('time off over booked lessons is refused with exactly those lessons, for the screen to offer the changes', async () => {
    const { tutor, summary, date } = await booking();
    const refused = await post(
      '/api/tutor/time-off/',
      { starts_on: date, reason: 'Trip' },
      tutor.account.headers,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'stranded_sessions',
      errors: { session_ids: [summary.sessions[0]!.id] },
    });
    // Cancelled for a sick day, the same time off is then accepted.
    await post('/api/tutor/sick-day/', { date, reason: 'Trip' }, tutor.account.headers);
    const added = await post(
      '/api/tutor/time-off/',
      { starts_on: date, reason: 'Trip' },
      tutor.account.headers,
    );
    expect(added.statusCode).toBe(201);
  });
});
