import { describe, expect, it } from 'vitest';
import { formatDate, formatMonth, type DateSettings } from './format.ts';

const EAT = 'Africa/Addis_Ababa';
const en: DateSettings = { language: 'en', ethiopian: false };
const enEthiopian: DateSettings = { language: 'en', ethiopian: true };
const am: DateSettings = { language: 'am', ethiopian: true };
// Monday 12 January 2026, 16:05 in Addis Ababa: Tir 4, 2018 in the Ethiopian calendar.
const instant = '2026-01-12T13:05:00Z';

describe('formatDate in English', () => {
  it('writes every style exactly as the product always has', () => {
    expect(formatDate(instant, 'day', en, EAT)).toBe('Mon, 12 Jan 2026');
    expect(formatDate(instant, 'dayShort', en, EAT)).toBe('Mon 12 Jan');
    expect(formatDate(instant, 'dayLong', en, EAT)).toBe('Monday, 12 January 2026');
    expect(formatDate(instant, 'date', en, EAT)).toBe('12 Jan 2026');
    expect(formatDate(instant, 'dateLong', en, EAT)).toBe('January 12, 2026');
    expect(formatDate(instant, 'dateMedium', en, EAT)).toBe('Jan 12, 2026');
    expect(formatDate(instant, 'dayTime', en, EAT)).toBe('Mon 12 Jan, 16:05');
    expect(formatDate(instant, 'dateTime', en, EAT)).toBe('12 Jan 2026, 16:05');
  });

  it('is English without the Ethiopian date when no settings are given', () => {
    expect(formatDate(instant, 'day', undefined, EAT)).toBe('Mon, 12 Jan 2026');
  });

  it('adds the Ethiopian date in brackets after the date, before the time, on request', () => {
    expect(formatDate(instant, 'day', enEthiopian, EAT)).toBe('Mon, 12 Jan 2026 (Tir 4, 2018)');
    expect(formatDate(instant, 'dayShort', enEthiopian, EAT)).toBe('Mon 12 Jan (Tir 4)');
    expect(formatDate(instant, 'dayTime', enEthiopian, EAT)).toBe('Mon 12 Jan (Tir 4), 16:05');
    expect(formatDate(instant, 'dateTime', enEthiopian, EAT)).toBe('12 Jan 2026 (Tir 4, 2018), 16:05');
  });
});

describe('formatDate in Amharic', () => {
  it('names the Gregorian day and month in Amharic, with the Ethiopian date beside', () => {
    expect(formatDate(instant, 'day', am, EAT)).toBe('ሰኞ፣ ጃንዋሪ 12 2026 (ጥር 4 2018)');
    expect(formatDate(instant, 'dayShort', am, EAT)).toBe('ሰኞ፣ ጃንዋሪ 12 (ጥር 4)');
    expect(formatDate(instant, 'dayLong', am, EAT)).toBe('ሰኞ፣ ጃንዋሪ 12 2026 (ጥር 4 2018)');
    expect(formatDate(instant, 'date', am, EAT)).toBe('ጃንዋሪ 12 2026 (ጥር 4 2018)');
    expect(formatDate(instant, 'dateLong', am, EAT)).toBe('ጃንዋሪ 12 2026 (ጥር 4 2018)');
  });

  it('keeps times on the 24-hour clock after an Ethiopic comma', () => {
    expect(formatDate(instant, 'dayTime', am, EAT)).toBe('ሰኞ፣ ጃንዋሪ 12 (ጥር 4)፣ 16:05');
    expect(formatDate(instant, 'dateTime', am, EAT)).toBe('ጃንዋሪ 12 2026 (ጥር 4 2018)፣ 16:05');
    expect(formatDate('2026-01-12T21:30:00Z', 'dateTime', am, EAT)).toBe('ጃንዋሪ 13 2026 (ጥር 5 2018)፣ 00:30');
  });

  it('never shows a Latin era', () => {
    for (const style of ['day', 'dayLong', 'date', 'dateLong', 'dateTime'] as const) {
      expect(formatDate(instant, style, am, EAT)).not.toMatch(/[A-Za-z]/);
      expect(formatDate(instant, style, enEthiopian, EAT)).not.toMatch(/\b(AM|ERA\d|AD)\b/);
    }
  });
});

describe('the isoDay style', () => {
  it('keeps the ISO date in plain English and writes the day out otherwise', () => {
    expect(formatDate('2026-01-26', 'isoDay', en)).toBe('2026-01-26');
    expect(formatDate('2026-01-25T22:30:00Z', 'isoDay', en, EAT)).toBe('2026-01-26');
    expect(formatDate('2026-01-26', 'isoDay', enEthiopian)).toBe('Mon, 26 Jan 2026 (Tir 18, 2018)');
    expect(formatDate('2026-01-26', 'isoDay', am)).toBe('ሰኞ፣ ጃንዋሪ 26 2026 (ጥር 18 2018)');
  });
});

describe('formatDate reads', () => {
  it('a calendar date as that day, whatever the zone', () => {
    expect(formatDate('2025-09-11', 'dayLong', am)).toBe('ሐሙስ፣ ሴፕቴምበር 11 2025 (መስከረም 1 2018)');
    expect(formatDate('2025-09-11', 'dayLong', en, 'Pacific/Honolulu')).toBe('Thursday, 11 September 2025');
  });

  it('an instant on the wall clock of the zone: 23:30 UTC is the next day in EAT', () => {
    const late = '2025-09-10T23:30:00Z';
    expect(formatDate(late, 'date', am, EAT)).toBe('ሴፕቴምበር 11 2025 (መስከረም 1 2018)');
    expect(formatDate(late, 'date', am, 'UTC')).toBe('ሴፕቴምበር 10 2025 (ጳጉሜን 5 2017)');
  });

  it('nothing from an invalid date', () => {
    expect(formatDate('not a date', 'day', am)).toBe('');
  });
});

describe('formatMonth', () => {
  it('writes the month as before in English', () => {
    expect(formatMonth({ year: 2026, month: 6 })).toBe('June 2026');
    expect(formatMonth({ year: 2026, month: 6 }, 'monthShort')).toBe('Jun 2026');
    expect(formatMonth({ year: 2026, month: 6 }, 'monthName')).toBe('June');
  });

  it('names the Ethiopian months the Gregorian one spans', () => {
    expect(formatMonth({ year: 2026, month: 11 }, 'month', am)).toBe('ኖቬምበር 2026 · ጥቅምት–ኅዳር 2019');
    expect(formatMonth({ year: 2026, month: 11 }, 'month', enEthiopian)).toBe(
      'November 2026 · Tikimt–Hidar 2019',
    );
    expect(formatMonth({ year: 2026, month: 11 }, 'month', { language: 'am', ethiopian: false })).toBe(
      'ኖቬምበር 2026',
    );
  });
});
