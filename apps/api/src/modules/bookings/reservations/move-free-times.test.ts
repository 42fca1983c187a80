import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantToWallClock } from '@tibeb/domain/bookings/time';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, linkedFamilyBooking, mondayAhead, readSessions } from '../lifecycle/test/fixtures.ts';

/**
 * The move dialogs' free times (issue 31 item 6, decision 261): the lesson being moved does not count as busy for
 * its own move, so the admin can shift it by 30 minutes; every other lesson still does.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const eat = (d: Date) => instantToWallClock(d, 'Africa/Addis_Ababa');

describe('free times for a move', () => {
  it('offers the times overlapping the lesson itself, and the admin moves it by 30 minutes', async () => {
    const date = mondayAhead(3);
    const { tutor, summary } = await linkedFamilyBooking(t.app, { date, time: '10:00' });
    const [first, second] = await readSessions(t.app.db, summary.id);
    const [year, month] = date.split('-').map(Number) as [number, number];
    const available = async (except?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/reservations/available/?tutor_id=${tutor.id}&year=${year}&month=${month}&duration_minutes=60&only_future=1${except ? `&except_session=${except}` : ''}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { available: Record<string, string[]> }).available;
    };

    // Without the exception the lesson's own hour and its half-hour neighbours are busy.
    const plain = await available();
    expect(plain[date]).not.toContain('09:30');
    expect(plain[date]).not.toContain('10:00');
    expect(plain[date]).not.toContain('10:30');
    expect(plain[date]).toContain('11:00');

    // Moving the first lesson: its own slot and the times overlapping it are free for it.
    const forMove = await available(first!.id);
    expect(forMove[date]).toEqual(expect.arrayContaining(['09:00', '09:30', '10:00', '10:30', '11:00']));
    // The series' next lesson (a week later, if in the month) still counts as busy.
    const nextDate = eat(second!.startsAt).date;
    if (forMove[nextDate]) {
      expect(forMove[nextDate]).not.toContain('10:00');
      expect(forMove[nextDate]).not.toContain('10:30');
    }
    // The month's cached answer is untouched by the move's question.
    expect((await available())[date]).not.toContain('10:30');

    // The admin moves it by 30 minutes: an update of the same row, the exclusion constraint holds.
    const admin = await createUser(t.app.db, t.config.jwtSecret, 'admin');
    const move = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${first!.id}/reschedule/`,
      headers: admin.headers,
      payload: { date, time: '10:30', scope: 'one' },
    });
    expect(move.statusCode, move.body).toBe(200);
    const [moved] = await readSessions(t.app.db, summary.id);
    expect(moved!.id).toBe(first!.id);
    expect(eat(moved!.startsAt)).toMatchObject({ date, time: '10:30' });
    // Now 10:30 is busy for everyone else, and free again for the lesson's own next move.
    expect((await available())[date]).not.toContain('10:30');
    expect((await available(first!.id))[date]).toContain('10:00');
  });

  it('refuses an except_session that is not a session id with a 400, never a 500', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/reservations/available/?tutor_id=1&year=2031&month=3&except_session=nope',
    });
    expect(res.statusCode).toBe(400);
  });
});
