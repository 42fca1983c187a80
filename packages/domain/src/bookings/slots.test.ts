import { describe, expect, it } from 'vitest';
import {
  addDays,
  fromMinutes,
  isGridTime,
  isValidDate,
  monthDates,
  removeBookedSlots,
  slotsInWindows,
  toMinutes,
  weekdayOf,
} from './slots.ts';

describe('times', () => {
  it('converts HH:MM to minutes and back', () => {
    expect(toMinutes('00:00')).toBe(0);
    expect(toMinutes('09:30')).toBe(570);
    expect(toMinutes('24:00')).toBe(1440);
    expect(fromMinutes(570)).toBe('09:30');
    expect(fromMinutes(0)).toBe('00:00');
  });
  it('rejects what is not a time', () => {
    for (const bad of ['9:30', '24:30', '25:00', '10:60', 'ten', '', '10:00:00']) {
      expect(toMinutes(bad), bad).toBeNaN();
    }
  });
  it('knows the 30-minute grid', () => {
    expect(isGridTime('10:00')).toBe(true);
    expect(isGridTime('10:30')).toBe(true);
    expect(isGridTime('10:15')).toBe(false);
    expect(isGridTime('24:00')).toBe(false);
  });
});

describe('slotsInWindows', () => {
  it('puts start times on a 30-minute grid inside each window', () => {
    expect(slotsInWindows([{ start: '09:00', end: '11:00' }], 30)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
    ]);
  });
  it('offers a start only when the whole duration fits before the window ends', () => {
    expect(slotsInWindows([{ start: '09:00', end: '11:00' }], 60)).toEqual(['09:00', '09:30', '10:00']);
    expect(slotsInWindows([{ start: '09:00', end: '11:00' }], 120)).toEqual(['09:00']);
    expect(slotsInWindows([{ start: '09:00', end: '11:00' }], 150)).toEqual([]);
  });
  it('aligns the grid to the hour when a window starts off it', () => {
    expect(slotsInWindows([{ start: '09:15', end: '10:45' }], 30)).toEqual(['09:30', '10:00']);
  });
  it('merges windows sorted and without duplicates', () => {
    const windows = [
      { start: '14:00', end: '15:00' },
      { start: '09:00', end: '10:00' },
      { start: '09:00', end: '10:30' },
    ];
    expect(slotsInWindows(windows, 60)).toEqual(['09:00', '09:30', '14:00']);
  });
  it('accepts a window ending at midnight and ignores broken windows', () => {
    expect(slotsInWindows([{ start: '23:00', end: '24:00' }], 30)).toEqual(['23:00', '23:30']);
    expect(
      slotsInWindows(
        [
          { start: '12:00', end: '10:00' },
          { start: 'x', end: '11:00' },
        ],
        30,
      ),
    ).toEqual([]);
    expect(slotsInWindows([{ start: '09:00', end: '10:00' }], 0)).toEqual([]);
  });
});

describe('removeBookedSlots', () => {
  const day = ['09:00', '09:30', '10:00', '10:30', '11:00'];
  it('removes slots overlapping a booking (start < booked end and end > booked start)', () => {
    expect(removeBookedSlots(day, [{ start: '10:00', duration_minutes: 60 }], 60)).toEqual([
      '09:00',
      '11:00',
    ]);
  });
  it('keeps slots that only touch a booking', () => {
    expect(removeBookedSlots(['09:00', '11:00'], [{ start: '10:00', duration_minutes: 60 }], 60)).toEqual([
      '09:00',
      '11:00',
    ]);
  });
  it('treats a bare start time as 30 minutes', () => {
    expect(removeBookedSlots(day, ['10:00'], 30)).toEqual(['09:00', '09:30', '10:30', '11:00']);
    expect(removeBookedSlots(day, [{ start: '10:00' }], 30)).toEqual(['09:00', '09:30', '10:30', '11:00']);
    expect(removeBookedSlots(day, [{ start: '10:00', duration_minutes: null }], 30)).toEqual([
      '09:00',
      '09:30',
      '10:30',
      '11:00',
    ]);
  });
  it('removes a longer slot that would run into a booking', () => {
    expect(removeBookedSlots(day, ['10:00'], 90)).toEqual(['10:30', '11:00']);
  });
  it('ignores entries that are not times', () => {
    expect(removeBookedSlots(day, ['nonsense'], 30)).toEqual(day);
  });
});

describe('dates', () => {
  it('knows real dates', () => {
    expect(isValidDate('2026-02-28')).toBe(true);
    expect(isValidDate('2028-02-29')).toBe(true);
    expect(isValidDate('2026-02-29')).toBe(false);
    expect(isValidDate('2026-02-30')).toBe(false);
    expect(isValidDate('2026-13-01')).toBe(false);
    expect(isValidDate('2026-1-01')).toBe(false);
  });
  it('gives the weekday code of a date', () => {
    expect(weekdayOf('2026-07-06')).toBe('mon');
    expect(weekdayOf('2026-07-12')).toBe('sun');
    expect(weekdayOf('2024-02-29')).toBe('thu');
  });
  it('adds days across month and year ends', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-29', 7)).toBe('2027-01-05');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('lists every date of a month', () => {
    expect(monthDates(2026, 2)).toHaveLength(28);
    expect(monthDates(2028, 2).at(-1)).toBe('2028-02-29');
    expect(monthDates(2026, 12)[0]).toBe('2026-12-01');
    expect(monthDates(2026, 12).at(-1)).toBe('2026-12-31');
  });
});
