import { describe, expect, it } from 'vitest';
import { planOccurrences } from './plan.ts';

describe('planOccurrences', () => {
  it('plans 4 weekly sessions of one day from the start date', () => {
    const plan = planOccurrences({ date: '2026-07-06', days: ['mon'], daysTimes: { mon: '10:00' } });
    expect(plan.map((p) => p.date)).toEqual(['2026-07-06', '2026-07-13', '2026-07-20', '2026-07-27']);
    expect(plan.every((p) => p.time === '10:00' && p.weekday === 'mon')).toBe(true);
  });
  it('plans days × 4 sessions, each day from its first occurrence on or after the date, sorted', () => {
    const plan = planOccurrences({
      date: '2026-07-08', // a Wednesday
      days: ['wed', 'mon'],
      daysTimes: { wed: '16:00', mon: '09:30' },
    });
    expect(plan).toHaveLength(8);
    expect(plan.slice(0, 3)).toEqual([
      { date: '2026-07-08', time: '16:00', weekday: 'wed' },
      { date: '2026-07-13', time: '09:30', weekday: 'mon' },
      { date: '2026-07-15', time: '16:00', weekday: 'wed' },
    ]);
    expect(plan.at(-1)).toEqual({ date: '2026-08-03', time: '09:30', weekday: 'mon' });
  });
  it('crosses month, leap-day and year ends', () => {
    expect(
      planOccurrences({ date: '2028-02-15', days: ['tue'], daysTimes: { tue: '10:00' } }).map((p) => p.date),
    ).toEqual(['2028-02-15', '2028-02-22', '2028-02-29', '2028-03-07']);
    expect(
      planOccurrences({ date: '2026-12-24', days: ['thu'], daysTimes: { thu: '10:00' } }).map((p) => p.date),
    ).toEqual(['2026-12-24', '2026-12-31', '2027-01-07', '2027-01-14']);
  });
  it('skips a day without a time and counts a repeated day once', () => {
    const plan = planOccurrences({
      date: '2026-07-06',
      days: ['mon', 'mon', 'tue'],
      daysTimes: { mon: '10:00' },
    });
    expect(plan).toHaveLength(4);
  });
});
