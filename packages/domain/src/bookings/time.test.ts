import { describe, expect, it } from 'vitest';
import {
  formatLocalTime,
  futureSlots,
  instantToWallClock,
  isValidTimeZone,
  zoneOffsetMinutes,
  zonedTimeToInstant,
} from './time.ts';

const eat = 'Africa/Addis_Ababa';

describe('wall clock and instants', () => {
  it('reads Addis Ababa time as UTC+3 all year', () => {
    expect(zonedTimeToInstant('2026-07-06', '10:00', eat).toISOString()).toBe('2026-07-06T07:00:00.000Z');
    expect(zonedTimeToInstant('2026-01-06', '10:00', eat).toISOString()).toBe('2026-01-06T07:00:00.000Z');
    expect(zoneOffsetMinutes(new Date('2026-07-06T00:00:00Z'), eat)).toBe(180);
  });
  it('crosses the date line of a zone: 01:00 in Addis is the previous day in UTC', () => {
    expect(zonedTimeToInstant('2026-03-01', '01:00', eat).toISOString()).toBe('2026-02-28T22:00:00.000Z');
    expect(instantToWallClock('2026-02-28T22:00:00.000Z', eat)).toEqual({
      date: '2026-03-01',
      time: '01:00',
      minutes: 60,
    });
  });
  it('follows daylight saving in a zone that has it', () => {
    const ny = 'America/New_York';
    expect(zonedTimeToInstant('2026-01-15', '09:00', ny).toISOString()).toBe('2026-01-15T14:00:00.000Z');
    expect(zonedTimeToInstant('2026-07-15', '09:00', ny).toISOString()).toBe('2026-07-15T13:00:00.000Z');
    // 02:30 does not exist on 8 March 2026 in New York: the time after the gap.
    expect(zonedTimeToInstant('2026-03-08', '02:30', ny).toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });
  it('shows one EAT lesson at its own local time in New York before and after the clocks change', () => {
    const ny = 'America/New_York';
    // 10:00 EAT every Sunday: 02:00 in New York in winter, 03:00 after the March change.
    const before = zonedTimeToInstant('2026-03-01', '10:00', eat);
    const after = zonedTimeToInstant('2026-03-08', '10:00', eat);
    expect(formatLocalTime(before, ny)).toBe('02:00');
    expect(formatLocalTime(after, ny)).toBe('03:00');
    expect(formatLocalTime(after, eat)).toBe('10:00');
  });
  it('knows valid zones', () => {
    expect(isValidTimeZone(eat)).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('futureSlots (only_future with a lead time)', () => {
  // 08:30 in Addis Ababa.
  const now = new Date('2026-07-06T05:30:00Z');
  const slots = ['09:00', '10:00', '10:30', '11:00', '12:00'];
  it('keeps only slots starting at least 2 hours from now on today', () => {
    expect(futureSlots('2026-07-06', slots, { now, timeZone: eat })).toEqual(['10:30', '11:00', '12:00']);
  });
  it('honours a configured lead time', () => {
    expect(futureSlots('2026-07-06', slots, { now, timeZone: eat, leadMinutes: 0 })).toEqual([
      '09:00',
      ...slots.slice(1),
    ]);
    expect(futureSlots('2026-07-06', slots, { now, timeZone: eat, leadMinutes: 180 })).toEqual(['12:00']);
  });
  it('empties past dates and keeps later dates whole', () => {
    expect(futureSlots('2026-07-05', slots, { now, timeZone: eat })).toEqual([]);
    expect(futureSlots('2026-07-07', slots, { now, timeZone: eat })).toEqual(slots);
  });
  it('compares in the tutor zone, not the server zone', () => {
    // 22:30 UTC on the 5th is already 01:30 on the 6th in Addis: lead time ends at 03:30 on the 6th.
    const late = new Date('2026-07-05T22:30:00Z');
    expect(futureSlots('2026-07-05', ['23:00'], { now: late, timeZone: eat })).toEqual([]);
    expect(futureSlots('2026-07-06', ['03:00', '03:30'], { now: late, timeZone: eat })).toEqual(['03:30']);
  });
});
