import { describe, expect, it } from 'vitest';
import { monthAvailability } from './availability.ts';

const base = {
  year: 2026,
  month: 7,
  durationMinutes: 60,
  windows: (d: string) => (d === 'mon' ? [{ start: '09:00', end: '12:00' }] : []),
  booked: (date: string) => (date === '2026-07-13' ? ['10:00'] : []),
  onlyFuture: false,
  now: new Date('2026-07-06T05:30:00Z'), // 08:30 on Monday 6 July in Addis Ababa
  timeZone: 'Africa/Addis_Ababa',
};

describe('monthAvailability', () => {
  it('lists every date of the month, empty without windows', () => {
    const a = monthAvailability(base);
    expect(Object.keys(a)).toHaveLength(31);
    expect(a['2026-07-07']).toEqual([]);
    expect(a['2026-07-06']).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
  });
  it('removes booked overlaps per date', () => {
    expect(monthAvailability(base)['2026-07-13']).toEqual(['09:00', '10:30', '11:00']);
  });
  it('with only future, empties past dates and trims today by the lead time', () => {
    const a = monthAvailability({ ...base, onlyFuture: true });
    expect(a['2026-07-01']).toEqual([]);
    expect(a['2026-07-06']).toEqual(['10:30', '11:00']);
    expect(a['2026-07-20']).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
  });
});
