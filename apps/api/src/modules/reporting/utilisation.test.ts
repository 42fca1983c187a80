import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { adminAuth, insertTutor } from './reports.fixtures.ts';
import { offeredMinutesByTutor, weekdayCountBetween } from './reports.service.ts';

const eatDay = (d: Date) => new Date(d.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const everyDay = (start: string, end: string): [string, string, string][] =>
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, start, end]);

describe('utilisation: the availability in force each day (decision 264)', () => {
  it('counts each version from its day to the next one, never before the tutor existed', () => {
    const v = (from_day: string, windows: [string, string, string][], created_day = '2026-01-01') => ({
      tutor_id: 1,
      from_day,
      created_day,
      windows: windows.map(([weekday, startTime, endTime]) => ({ weekday, startTime, endTime })),
    });
    // January 2026: Mondays 5, 12, 19, 26. 8 h on Mondays until the 14th, then 2 h on Mondays.
    const changed = offeredMinutesByTutor(
      [v('2026-01-01', [['mon', '09:00', '17:00']]), v('2026-01-14', [['mon', '10:00', '12:00']])],
      '2026-01-01',
      '2026-01-31',
    );
    expect(changed.get(1)).toBe((2 * 8 + 2 * 2) * 60);
    // Two saves on one day: the day's last one is in force from that day.
    const twice = offeredMinutesByTutor(
      [
        v('2026-01-01', [['mon', '09:00', '17:00']]),
        v('2026-01-19', []),
        v('2026-01-19', [['mon', '09:00', '10:00']]),
      ],
      '2026-01-01',
      '2026-01-31',
    );
    expect(twice.get(1)).toBe((2 * 8 + 2 * 1) * 60);
    // A version dated before the tutor was created counts from the creation day only.
    expect(
      offeredMinutesByTutor(
        [v('2025-01-01', [['mon', '09:00', '10:00']], '2026-01-20')],
        '2026-01-01',
        '2026-01-31',
      ).get(1),
    ).toBe(60);
    // The range starts after the last change: that version alone.
    expect(
      offeredMinutesByTutor([v('2025-06-01', [['mon', '09:00', '10:00']])], '2026-01-01', '2026-01-31').get(
        1,
      ),
    ).toBe(4 * 60);
    expect(weekdayCountBetween('2026-01-01', '2026-01-31', 'mon')).toBe(4);
    expect(weekdayCountBetween('2026-01-05', '2026-01-05', 'mon')).toBe(1);
    expect(weekdayCountBetween('2026-01-06', '2026-01-05', 'mon')).toBe(0);
  });

  describe('over the API', () => {
    let t: TestApp;
    let admin: { authorization: string };
    beforeAll(async () => {
      t = await createTestApp();
      admin = (await adminAuth(t.database.db, t.config.jwtSecret)).headers;
    });
    afterAll(() => t.close());

    const utilisationOf = async (name: string, query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/reports/?${query}`, headers: admin });
      expect(res.statusCode).toBe(200);
      return (res.json().utilisation as { tutor_name: string; offered_hours: number }[]).find(
        (r) => r.tutor_name === name,
      );
    };

    it('gives a tutor added today only today’s hours, not a year of them', async () => {
      const now = new Date();
      await insertTutor(t.database.db, 'New Today', everyDay('08:00', '20:00'), now);
      // The default range (the last twelve months up to today): today, 12 hours, at most.
      const row = await utilisationOf('New Today', `to=${eatDay(now)}`);
      expect(row?.offered_hours).toBe(12);
    });

    it('reads the windows in force each day after an availability save, which records its version', async () => {
      const tutor = await insertTutor(t.database.db, 'Changed Tutor', [['mon', '09:00', '17:00']]);
      const put = (body: Record<string, unknown>) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/admin/tutors/${tutor.id}/availability/`,
          headers: admin,
          payload: body,
        });
      // A refused save writes no version.
      expect((await put({ tue: [{ start: '12:00', end: '10:00' }] })).statusCode).toBe(400);
      const saved = await put({ tue: [{ start: '10:00', end: '12:00' }] });
      expect(saved.statusCode).toBe(200);
      const versions = await queryRows<{ windows: unknown; effective_from: Date | string }>(
        t.database.db,
        sql`select windows, effective_from from tutor_availability_versions where tutor_id = ${tutor.id}
            order by effective_from`,
      );
      expect(versions).toHaveLength(2);
      const latest = versions[1]!.windows;
      expect(typeof latest === 'string' ? JSON.parse(latest) : latest).toEqual([
        { weekday: 'tue', startTime: '10:00', endTime: '12:00' },
      ]);
      const today = eatDay(new Date(versions[1]!.effective_from));
      const from = '2026-01-01';
      const expected =
        weekdayCountBetween(from, dayBefore(today), 'mon') * 8 + weekdayCountBetween(today, today, 'tue') * 2;
      expect((await utilisationOf('Changed Tutor', `from=${from}&to=${today}`))?.offered_hours).toBe(
        expected,
      );
      // A range that ended before the change reads the old windows only: 4 Mondays of 8 hours in January.
      expect((await utilisationOf('Changed Tutor', 'from=2026-01-01&to=2026-01-31'))?.offered_hours).toBe(32);
    });
  });
});
