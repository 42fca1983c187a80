import { describe, expect, it } from 'vitest';
import { paidWeeks, planSeriesMove } from './series-move.ts';

const at = (iso: string) => new Date(`${iso}:00+03:00`);
// Mon + Wed at 10:00 EAT for two weeks from Mon 14 Dec 2026.
const plan = ['2026-12-14T10:00', '2026-12-16T10:00', '2026-12-21T10:00', '2026-12-23T10:00'].map(
  (iso, i) => ({
    id: `s${i}`,
    startsAt: at(iso),
  }),
);
const zone = 'Africa/Addis_Ababa';
const weeks = paidWeeks(plan, zone);
const when = (m: { date: string; time: string }) => `${m.date} ${m.time}`;

describe('planSeriesMove', () => {
  it('paid weeks run Monday of the first to Sunday of the last week', () => {
    expect(weeks).toEqual({ first: '2026-12-14', last: '2026-12-27' });
  });

  it('moving Monday to Tuesday keeps Wednesdays (not four Tuesdays)', () => {
    const moves = planSeriesMove({
      targets: plan,
      chosen: plan[0]!,
      date: '2026-12-15',
      time: '11:00',
      others: [],
      timeZone: zone,
      weeks,
    });
    expect(moves!.map((m) => `${m.s.id} ${when(m)}`)).toEqual(['s0 2026-12-15 11:00', 's2 2026-12-22 11:00']);
  });

  it('each weekday gets its own new weekday and time', () => {
    const moves = planSeriesMove({
      targets: plan,
      chosen: plan[0]!,
      date: '2026-12-15',
      time: '11:00',
      others: [{ from: 'wed', to: 'thu', time: '15:00' }],
      timeZone: zone,
      weeks,
    });
    expect(moves!.map(when)).toEqual([
      '2026-12-15 11:00',
      '2026-12-17 15:00',
      '2026-12-22 11:00',
      '2026-12-24 15:00',
    ]);
    expect(moves![0]!.startsAt.toISOString()).toBe('2026-12-15T08:00:00.000Z');
  });

  it('refuses a move past the paid weeks', () => {
    expect(
      planSeriesMove({
        targets: plan,
        chosen: plan[0]!,
        date: '2026-12-22',
        time: '10:00',
        others: [],
        timeZone: zone,
        weeks,
      }),
    ).toBeNull();
    expect(
      planSeriesMove({
        targets: plan.slice(1),
        chosen: plan[1]!,
        date: '2026-12-16',
        time: '10:00',
        others: [{ from: 'mon', to: 'sun', time: '10:00' }],
        timeZone: zone,
        weeks: { first: '2026-12-14', last: '2026-12-23' },
      }),
    ).toBeNull();
  });
});
