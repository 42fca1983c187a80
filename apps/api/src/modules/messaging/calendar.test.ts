import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tutorAvailability } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { parseFeed } from './test/parse-feed.ts';
import {
  account,
  booking,
  setSession,
  tutorAccount,
  type Account,
} from '../areas/test/fixtures.repository.ts';

describe('calendar feed', () => {
  let t: TestApp;
  let tutor: Account & { tutorId: number };
  let family: Account;
  let otherFamily: Account;
  let sessionIds: string[];
  // 17:00 EAT, one and two weeks ahead.
  const today = new Date();
  const day = (n: number, h: number, m = 0) =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + n, h, m));
  const first = day(7, 14);
  const second = day(14, 14);

  beforeAll(async () => {
    t = await createTestApp();
    const secret = t.config.jwtSecret;
    tutor = await tutorAccount(t.app.db, secret, 'Abebe Bekele');
    family = await account(t.app.db, secret, 'student', 'Almaz Kebede');
    otherFamily = await account(t.app.db, secret, 'student', 'Other Family');
    const b = await booking(t.app.db, tutor.tutorId, family, [first, second], { student: 'Liya Kebede' });
    sessionIds = b.sessions.map((s) => s.id);
    // Another family's lesson with the same tutor, in the tutor's feed but not in this family's.
    await booking(t.app.db, tutor.tutorId, otherFamily, [day(8, 14)], {
      student: 'Kidus Alemu',
    });
  });
  afterAll(() => t.close());

  const tokenOf = (url: string) => /\/api\/calendar\/([^/]+)\.ics$/.exec(url)![1]!;

  it('has no address until one is made; then the feed lists the sessions in EAT', async () => {
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/tutor/calendar-token/',
      headers: tutor.auth,
    });
    expect(none.json()).toEqual({ url: null });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/tutor/calendar-token/',
      headers: tutor.auth,
    });
    const url: string = made.json().url;
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[\w-]{43}\.ics$/);
    const res = await t.app.inject({ method: 'GET', url: `/api/calendar/${tokenOf(url)}.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const events = parseFeed(res.body);
    expect(events.map((e) => e.summary)).toEqual([
      'Mathematics · Liya Kebede',
      'Mathematics · Kidus Alemu',
      'Mathematics · Liya Kebede',
    ]);
    expect(events[0]!.zone).toBe('Africa/Addis_Ababa');
    expect(events[0]!.start.toISOString()).toBe(first.toISOString());
    const ymd = first.toISOString().slice(0, 10).replace(/-/g, '');
    expect(res.body).toContain(`DTSTART;TZID=Africa/Addis_Ababa:${ymd}T170000`);
  });

  it('follows a reschedule and a cancellation, with a higher sequence', async () => {
    const { url } = (
      await t.app.inject({ method: 'GET', url: '/api/tutor/calendar-token/', headers: tutor.auth })
    ).json();
    const moved = day(9, 15, 30);
    await new Promise((r) => setTimeout(r, 1100));
    await setSession(t.app.db, sessionIds[0]!, {
      startsAt: moved,
      endsAt: new Date(moved.getTime() + 3_600_000),
      rescheduledFromStartsAt: first,
    });
    await setSession(t.app.db, sessionIds[1]!, { status: 'cancelled', cancelledAt: new Date() });
    const events = parseFeed(
      (await t.app.inject({ method: 'GET', url: `/api/calendar/${tokenOf(url)}.ics` })).body,
    );
    const byUid = new Map(events.map((e) => [e.uid, e]));
    const a = byUid.get(`${sessionIds[0]}@tibeb-tutoring`)!;
    expect(a.start.toISOString()).toBe(moved.toISOString());
    expect(a.sequence).toBeGreaterThan(0);
    const b = byUid.get(`${sessionIds[1]}@tibeb-tutoring`)!;
    expect(b.status).toBe('CANCELLED');
    expect(b.summary).toBe('Cancelled: Mathematics · Liya Kebede');
  });

  it("a family's feed has only its own sessions, with the tutor's name", async () => {
    const { url } = (
      await t.app.inject({ method: 'POST', url: '/api/student/calendar-token/', headers: family.auth })
    ).json();
    const events = parseFeed(
      (await t.app.inject({ method: 'GET', url: `/api/calendar/${tokenOf(url)}.ics` })).body,
    );
    expect(events.map((e) => e.summary).sort()).toEqual([
      'Cancelled: Mathematics with Abebe Bekele (Liya Kebede)',
      'Mathematics with Abebe Bekele (Liya Kebede)',
    ]);
  });

  it("follows the lifecycle's own reschedule and cancel calls", async () => {
    const secret = t.config.jwtSecret;
    const tutorB = await tutorAccount(t.app.db, secret, 'Selam Girma');
    await t.app.db.insert(tutorAvailability).values(
      (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((weekday) => ({
        tutorId: tutorB.tutorId,
        weekday,
        startTime: '06:00',
        endTime: '22:00',
      })),
    );
    const b = await booking(t.app.db, tutorB.tutorId, family, [day(20, 7), day(27, 7)], {
      student: 'Liya Kebede',
    });
    const [toMove, toCancel] = b.sessions.map((x) => x.id) as [string, string];
    const target = day(22, 0).toISOString().slice(0, 10);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${toMove}/reschedule/`,
      headers: family.auth,
      payload: { date: target, time: '11:00', scope: 'one' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${toCancel}/cancel/`,
      headers: family.auth,
      payload: { scope: 'one', outcome: 'credit' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const { url } = (
      await t.app.inject({ method: 'GET', url: '/api/student/calendar-token/', headers: family.auth })
    ).json();
    const feed = await t.app.inject({ method: 'GET', url: `/api/calendar/${tokenOf(url)}.ics` });
    const byUid = new Map(parseFeed(feed.body).map((e) => [e.uid, e]));
    const a = byUid.get(`${toMove}@tibeb-tutoring`)!;
    // 11:00 in Addis Ababa is 08:00 UTC.
    expect(a.start.toISOString()).toBe(`${target}T08:00:00.000Z`);
    expect(feed.body).toContain(`DTSTART;TZID=Africa/Addis_Ababa:${target.replace(/-/g, '')}T110000`);
    expect(byUid.get(`${toCancel}@tibeb-tutoring`)!.status).toBe('CANCELLED');
  });

  it('keeps a name with CR, LF and other controls inside its own event, and folds Amharic between letters', async () => {
    const secret = t.config.jwtSecret;
    const tutorC = await tutorAccount(t.app.db, secret, 'Hana Tesfaye');
    const injected = 'Abebe\rBEGIN:VEVENT\r\nSUMMARY:x';
    const amharic = 'ሊያ ከበደ ወልደማርያም ገብረሥላሴ ተክለሃይማኖት ኃይለሚካኤል'.repeat(3);
    await booking(t.app.db, tutorC.tutorId, null, [day(10, 14)], { student: injected });
    await booking(t.app.db, tutorC.tutorId, null, [day(11, 14)], {
      student: `Kidus\u0001\u001b[2J\u0085\u007f;, \\ ${'x'}`,
    });
    await booking(t.app.db, tutorC.tutorId, null, [day(12, 14)], { student: amharic });
    const { url } = (
      await t.app.inject({ method: 'POST', url: '/api/tutor/calendar-token/', headers: tutorC.auth })
    ).json();
    const res = await t.app.inject({ method: 'GET', url: `/api/calendar/${tokenOf(url)}.ics` });
    expect(res.statusCode).toBe(200);
    // Exactly the three sessions, read back by a calendar library and by the lines themselves.
    const events = parseFeed(res.body);
    expect(events).toHaveLength(3);
    expect(res.body.split('\r\n').filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(3);
    expect(res.body.split('\r\n').filter((line) => line.startsWith('SUMMARY:'))).toHaveLength(3);
    expect(events.map((e) => e.summary)).toEqual([
      'Mathematics · AbebeBEGIN:VEVENT\nSUMMARY:x',
      'Mathematics · Kidus[2J;, \\ x',
      `Mathematics · ${amharic}`,
    ]);
    // No bare CR or LF, no control character but the CRLF line ends; every line at most 75 octets, cut
    // between letters (each physical line decodes as UTF-8 on its own).
    const bytes = Buffer.from(res.rawPayload);
    const lines = bytes.toString('latin1').split('\r\n');
    expect(lines.at(-1)).toBe('');
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for (const line of lines) {
      const raw = Buffer.from(line, 'latin1');
      expect(raw.length, line).toBeLessThanOrEqual(75);
      // eslint-disable-next-line no-control-regex
      expect(decoder.decode(raw), line).not.toMatch(/[\u0000-\u001F\u007F-\u009F]/);
    }
    const folded = lines.findIndex((line) => Buffer.from(line, 'latin1').toString('utf8').includes('ሊያ'));
    expect(lines[folded + 1]!.startsWith(' ')).toBe(true);
  });

  it('a new address replaces the old one, and a revoked one answers 404', async () => {
    const old = tokenOf(
      (await t.app.inject({ method: 'GET', url: '/api/tutor/calendar-token/', headers: tutor.auth })).json()
        .url,
    );
    const fresh = tokenOf(
      (await t.app.inject({ method: 'POST', url: '/api/tutor/calendar-token/', headers: tutor.auth })).json()
        .url,
    );
    expect(fresh).not.toBe(old);
    expect((await t.app.inject({ method: 'GET', url: `/api/calendar/${old}.ics` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/calendar/${fresh}.ics` })).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: '/api/tutor/calendar-token/',
      headers: tutor.auth,
    });
    expect(revoked.json()).toEqual({ url: null });
    expect((await t.app.inject({ method: 'GET', url: `/api/calendar/${fresh}.ics` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/short.ics' })).statusCode).toBe(404);
  });
});
