// Test data written straight into the schema, as the fixtures do (tests are exempt from the rule).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tutors } from '../../platform/db/schema/catalog.ts';
import { users } from '../../platform/db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { parseFeed } from './test/parse-feed.ts';
import {
  createTutorWithAccount,
  createUser,
  linkFamily,
  mondayAhead,
  paidBooking,
} from '../bookings/lifecycle/test/fixtures.ts';

/** A family's calendar feed (issue 18 item 5): zoned times, updated on every move and cancel. */
describe("a family's calendar feed", () => {
  let t: TestApp;
  let week = 3;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function familyWithBooking(opts: { locale?: string; tutorZone?: string } = {}) {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    if (opts.tutorZone) {
      await t.app.db.update(tutors).set({ timeZone: opts.tutorZone }).where(eq(tutors.id, tutor.id));
    }
    const family = await createUser(t.app.db, t.config.jwtSecret, 'student');
    if (opts.locale) await t.app.db.update(users).set({ locale: opts.locale }).where(eq(users.id, family.id));
    const date = mondayAhead((week += 1));
    const summary = await paidBooking(t.app, { tutorId: tutor.id, familyEmail: family.email, date });
    await linkFamily(t.app.db, summary.id, family.id);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/student/calendar-token/',
      headers: family.headers,
    });
    expect(made.statusCode).toBe(200);
    const path = new URL(made.json().url as string).pathname;
    const read = async () => {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/calendar');
      return { text: res.body, events: parseFeed(res.body) };
    };
    return { tutor, family, summary, date, read };
  }

  it('lists the sessions in EAT with its VTIMEZONE; a move keeps the UID with a higher SEQUENCE; a cancel is marked and frees the time', async () => {
    const { tutor, family, summary, date, read } = await familyWithBooking();
    const before = await read();
    expect(before.text).toContain('BEGIN:VTIMEZONE\r\nTZID:Africa/Addis_Ababa');
    expect(before.events).toHaveLength(4);
    const [first, , third] = summary.sessions as [
      (typeof summary.sessions)[0],
      unknown,
      (typeof summary.sessions)[0],
    ];
    const uidOf = (id: string) => `${id}@tibeb-tutoring`;
    const was = before.events.find((e) => e.uid === uidOf(first.id))!;
    expect(was).toMatchObject({ zone: 'Africa/Addis_Ababa', status: 'CONFIRMED', transp: 'OPAQUE' });
    expect(was.start.toISOString()).toBe(`${date}T07:00:00.000Z`);
    expect(was.summary).toBe(`Mathematics with ${tutor.fullName} (Liya Tesfaye)`);
    const thirdWas = before.events.find((e) => e.uid === uidOf(third.id))!;

    // SEQUENCE counts seconds since the session was made: a change a second later is visibly newer.
    await new Promise((r) => setTimeout(r, 1100));
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${first.id}/reschedule/`,
      headers: family.headers,
      payload: { date, time: '15:30', scope: 'one' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${third.id}/cancel/`,
      headers: family.headers,
      payload: { scope: 'one', outcome: 'credit' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const after = await read();
    expect(after.events).toHaveLength(4);
    const now = after.events.filter((e) => e.uid === uidOf(first.id));
    expect(now).toHaveLength(1);
    expect(now[0]!.start.toISOString()).toBe(`${date}T12:30:00.000Z`);
    expect(after.text).toContain(`DTSTART;TZID=Africa/Addis_Ababa:${date.replace(/-/g, '')}T153000`);
    expect(now[0]!.sequence).toBeGreaterThan(was.sequence);
    const gone = after.events.find((e) => e.uid === uidOf(third.id))!;
    expect(gone).toMatchObject({
      status: 'CANCELLED',
      transp: 'TRANSPARENT',
      summary: `Cancelled: Mathematics with ${tutor.fullName} (Liya Tesfaye)`,
    });
    expect(gone.sequence).toBeGreaterThan(thirdWas.sequence);
  });

  it('a tutor in a zone with daylight saving gives UTC times, which every calendar places right', async () => {
    const { read } = await familyWithBooking({ tutorZone: 'Europe/London' });
    const { text, events } = await read();
    expect(text).not.toContain('BEGIN:VTIMEZONE');
    expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    // 10:00 on the London wall clock, in winter or summer time alike.
    for (const e of events) {
      expect(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Europe/London',
          hour: '2-digit',
          minute: '2-digit',
        }).format(e.start),
      ).toBe('10:00');
    }
  });

  it("speaks the family's language: an Amharic account's feed is in Amharic", async () => {
    const { tutor, family, summary, read } = await familyWithBooking({ locale: 'am' });
    await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${summary.sessions[3]!.id}/cancel/`,
      headers: family.headers,
      payload: { scope: 'one', outcome: 'credit' },
    });
    const { text, events } = await read();
    expect(text).toContain('X-WR-CALNAME:Tibeb Tutoring፦ ትምህርቶች');
    expect(events.map((e) => e.summary).sort()).toEqual([
      `Mathematics ከ${tutor.fullName} ጋር (Liya Tesfaye)`,
      `Mathematics ከ${tutor.fullName} ጋር (Liya Tesfaye)`,
      `Mathematics ከ${tutor.fullName} ጋር (Liya Tesfaye)`,
      `ተሰርዟል፦ Mathematics ከ${tutor.fullName} ጋር (Liya Tesfaye)`,
    ]);
  });
});
