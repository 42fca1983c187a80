import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressNotes } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { overview } from './tutor-area.service.ts';
import { account, booking, setUser, tutorAccount, type Account } from './test/fixtures.repository.ts';

const MIN = 60_000;
const DAY = 86_400_000;

describe("the tutor's week", () => {
  let t: TestApp;
  let tutor: Account & { tutorId: number };
  let other: Account & { tutorId: number };
  let family: Account;
  let otherFamily: Account;
  let soon: { id: string; roomId: string };
  let ended: { id: string; roomId: string };
  let otherSession: { id: string; roomId: string };
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp();
    const secret = t.config.jwtSecret;
    tutor = await tutorAccount(t.app.db, secret, 'Abebe Bekele');
    other = await tutorAccount(t.app.db, secret, 'Other Tutor', 'https://zoom.us/j/555');
    family = await account(t.app.db, secret, 'student', 'Almaz Kebede');
    otherFamily = await account(t.app.db, secret, 'student', 'Other Family');
    await setUser(t.app.db, family.id, { timeZone: 'America/New_York' });
    // Liya: one lesson held a week ago (with a note), one ended an hour ago (to mark), one in 10 minutes, one next week.
    const liya = await booking(
      t.app.db,
      tutor.tutorId,
      family,
      [
        new Date(now - 7 * DAY),
        new Date(now - 2 * 60 * MIN),
        new Date(now + 10 * MIN),
        new Date(now + 7 * DAY),
      ],
      { student: 'Liya Kebede', amountCents: 8000 },
    );
    [, ended, soon] = liya.sessions as [typeof soon, typeof soon, typeof soon, typeof soon];
    const { setSession } = await import('./test/fixtures.repository.ts');
    await setSession(t.app.db, liya.sessions[0]!.id, {
      status: 'completed',
      markedAt: new Date(now - 7 * DAY),
    });
    await t.app.db.insert(progressNotes).values({
      tutorId: tutor.tutorId,
      studentUserId: family.id,
      reservationId: liya.reservationId,
      sessionId: liya.sessions[0]!.id,
      note: 'Fractions are solid now.',
    });
    // Another tutor's lesson with another family.
    const o = await booking(t.app.db, other.tutorId, otherFamily, [new Date(now + 5 * MIN)], {
      student: 'Kidus Alemu',
    });
    otherSession = o.sessions[0]!;
  });
  afterAll(() => t.close());

  const get = (url: string, auth: { authorization: string }) =>
    t.app.inject({ method: 'GET', url, headers: auth });

  it('overview: the next session with its open room, sessions to mark, in both zones', async () => {
    const res = await get('/api/tutor/overview/', tutor.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tutor).toMatchObject({
      id: tutor.tutorId,
      full_name: 'Abebe Bekele',
      time_zone: 'Africa/Addis_Ababa',
    });
    expect(body.next_session).toMatchObject({
      id: soon.id,
      student_name: 'Liya Kebede',
      guardian_name: 'Almaz Kebede',
      family_time_zone: 'America/New_York',
    });
    // Ten minutes before the start the room is open; this platform has no Jitsi and the tutor no own link, so no
    // link that cannot start is sent (decision 267; signed rooms: rooms.test.ts).
    expect(body.next_session.room).toMatchObject({ url: null, provider: 'none' });
    expect(body.awaiting_attendance.map((s: { id: string }) => s.id)).toEqual([ended.id]);
    expect(body.awaiting_attendance[0].room.url).toBeNull();
    const names = new Set(body.week.map((s: { student_name: string }) => s.student_name));
    expect(names.has('Kidus Alemu')).toBe(false);
  });

  it("overview: this month's sessions held, hours and earnings (the ledger's, after the 15 % commission)", async () => {
    const fixedTutor = await tutorAccount(t.app.db, t.config.jwtSecret, 'Month Tutor');
    const b = await booking(
      t.app.db,
      fixedTutor.tutorId,
      family,
      [
        new Date('2030-02-26T14:00:00Z'),
        new Date('2030-03-05T14:00:00Z'),
        new Date('2030-03-12T14:00:00Z'),
        new Date('2030-03-19T14:00:00Z'),
      ],
      { amountCents: 10_000, minutes: 90 },
    );
    const { setSession } = await import('./test/fixtures.repository.ts');
    await setSession(t.app.db, b.sessions[0]!.id, { status: 'completed' });
    await setSession(t.app.db, b.sessions[1]!.id, { status: 'completed' });
    await setSession(t.app.db, b.sessions[2]!.id, { status: 'no_show' });
    // The earnings are the ledger's, posted when each session was held (the February one is another month's).
    const { postSessionEarned } = await import('../bookings/ledger/postings.service.ts');
    const heldAt = ['2030-02-26T15:30:00Z', '2030-03-05T15:30:00Z', '2030-03-12T15:30:00Z'];
    for (const [i, at] of heldAt.entries())
      await postSessionEarned(t.app.db, b.sessions[i]!.id, new Date(at));
    const body = await overview(t.app.db, fixedTutor.id, new Date('2030-03-15T09:00:00Z'));
    expect(body.month).toEqual({
      month: '2030-03',
      sessions_held: 2,
      hours: 3,
      // Two sessions held in March, each a quarter of 100.00 less 15 %.
      earnings_cents: 4250,
      currency: 'USD',
    });
    expect(body.week_start).toBe('2030-03-11');
    expect(body.week.map((s) => s.id)).toEqual([b.sessions[2]!.id]);
  });

  it("marking attendance (the lifecycle's call) clears the session from the list; the family reads the note", async () => {
    const other403 = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${ended.id}/attendance/`,
      headers: other.auth,
      payload: { status: 'attended', note: 'Not mine' },
    });
    expect(other403.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${ended.id}/attendance/`,
      headers: tutor.auth,
      payload: { status: 'attended', note: 'Worked on ratios; homework: page 12.' },
    });
    expect(res.statusCode).toBe(200);
    const body = (await get('/api/tutor/overview/', tutor.auth)).json();
    expect(body.awaiting_attendance).toEqual([]);
    const progress = (await get('/api/student/progress-by-student/', family.auth)).json();
    expect(JSON.stringify(progress)).toContain('Worked on ratios; homework: page 12.');
    const students = (await get('/api/tutor/students/', tutor.auth)).json();
    const marked = students[0].sessions.find((s: { id: string }) => s.id === ended.id);
    expect(marked).toMatchObject({ status: 'completed', note: 'Worked on ratios; homework: page 12.' });
  });

  it('sessions of a range of days, in the tutor’s zone; bad input is a 400', async () => {
    const from = new Date(now + 7 * DAY).toISOString().slice(0, 10);
    const body = (await get(`/api/tutor/sessions/?from=${from}&days=1`, tutor.auth)).json();
    expect(body).toMatchObject({ from, days: 1, time_zone: 'Africa/Addis_Ababa' });
    expect(body.sessions.length).toBeLessThanOrEqual(1);
    const all = (
      await get(
        `/api/tutor/sessions/?from=${new Date(now - 8 * DAY).toISOString().slice(0, 10)}&days=17`,
        tutor.auth,
      )
    ).json();
    expect(all.sessions.map((s: { student_name: string }) => s.student_name)).toEqual(
      Array(4).fill('Liya Kebede'),
    );
    expect(all.sessions[0].note).toBe('Fractions are solid now.');
    expect((await get('/api/tutor/sessions/?from=2026-13-01', tutor.auth)).statusCode).toBe(400);
    expect((await get('/api/tutor/sessions/?days=99', tutor.auth)).statusCode).toBe(400);
  });

  it('students: only their own, with guardian contact and sessions held and to come', async () => {
    const list = (await get('/api/tutor/students/', tutor.auth)).json();
    expect(list).toEqual([
      expect.objectContaining({
        student_name: 'Liya Kebede',
        student_grade: 'Grade 8',
        subject: 'Mathematics',
        guardian_name: 'Almaz Kebede',
        guardian_email: family.email,
        guardian_phone: '+251911000000',
        family_user_id: family.id,
        sessions_held: 2,
        sessions_remaining: 2,
      }),
    ]);
    expect(list[0].sessions).toHaveLength(4);
    const others = (await get('/api/tutor/students/', other.auth)).json();
    expect(others.map((s: { student_name: string }) => s.student_name)).toEqual(['Kidus Alemu']);
  });

  it("the room: the tutor's own meeting link when set, on the tutor's overview and the family's", async () => {
    const own = (await get('/api/tutor/overview/', other.auth)).json();
    expect(own.next_session).toMatchObject({ id: otherSession.id });
    expect(own.next_session.room.url).toBe('https://zoom.us/j/555');
    const familyView = await get('/api/student/overview/', otherFamily.auth);
    expect(familyView.statusCode).toBe(200);
    expect(JSON.stringify(familyView.json())).toContain('https://zoom.us/j/555');
    expect(JSON.stringify((await get('/api/student/overview/', family.auth)).json())).not.toContain(
      'zoom.us',
    );
  });
});
