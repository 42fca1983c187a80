import { describe, expect, it } from 'vitest';
import {
  ethiopianDateOf,
  ethiopianDateParts,
  ethiopianMonthName,
  ethiopianMonthSpan,
  formatEthiopianDate,
  isEthiopianLeapYear,
} from './ethiopic.ts';

const EAT = 'Africa/Addis_Ababa';
const noon = (iso: string) => new Date(`${iso}T09:00:00Z`);

describe('formatEthiopianDate', () => {
  it('11 September 2025 is Enkutatash, Meskerem 1, 2018', () => {
    expect(formatEthiopianDate(noon('2025-09-11'), { locale: 'en', timeZone: EAT })).toBe('Meskerem 1, 2018');
    expect(formatEthiopianDate(noon('2025-09-11'), { locale: 'am', timeZone: EAT })).toBe('መስከረም 1 2018');
  });

  it('Enkutatash falls on 12 September after an Ethiopian leap year (2015 had a Pagume 6)', () => {
    expect(formatEthiopianDate(noon('2023-09-12'), { locale: 'en', timeZone: EAT })).toBe('Meskerem 1, 2016');
    expect(formatEthiopianDate(noon('2023-09-11'), { locale: 'en', timeZone: EAT })).toBe('Pagume 6, 2015');
    expect(formatEthiopianDate(noon('2023-09-11'), { locale: 'am', timeZone: EAT })).toBe('ጳጉሜን 6 2015');
    // The next leap year: Pagume 6, 2019 is 11 September 2027, and 2020 begins on the 12th.
    expect(formatEthiopianDate(noon('2027-09-11'), { locale: 'en', timeZone: EAT })).toBe('Pagume 6, 2019');
    expect(formatEthiopianDate(noon('2027-09-12'), { locale: 'en', timeZone: EAT })).toBe('Meskerem 1, 2020');
  });

  it('Genna (7 January) is Tahsas 29, and Tahsas 28 in the year that began on 12 September', () => {
    expect(formatEthiopianDate(noon('2026-01-07'), { locale: 'am', timeZone: EAT })).toBe('ታኅሣሥ 29 2018');
    expect(formatEthiopianDate(noon('2025-01-07'), { locale: 'en', timeZone: EAT })).toBe('Tahsas 29, 2017');
    expect(formatEthiopianDate(noon('2024-01-07'), { locale: 'en', timeZone: EAT })).toBe('Tahsas 28, 2016');
  });

  it('knows the other fixed days: Timket, the last day of Pagume', () => {
    expect(formatEthiopianDate(noon('2026-01-19'), { locale: 'en', timeZone: EAT })).toBe('Tir 11, 2018');
    expect(formatEthiopianDate(noon('2025-09-10'), { locale: 'am', timeZone: EAT })).toBe('ጳጉሜን 5 2017');
  });

  it('names every month in Amharic and in English transliteration', () => {
    const am = [];
    const en = [];
    for (let m = 0; m < 13; m++) {
      // Meskerem 1, 2018 is 11 September 2025; each month is 30 days on.
      const d = new Date(Date.UTC(2025, 8, 11 + 30 * m, 9));
      am.push(formatEthiopianDate(d, { locale: 'am', timeZone: EAT, year: false }));
      en.push(formatEthiopianDate(d, { locale: 'en', timeZone: EAT, year: false }));
    }
    expect(am.join(' ')).toBe(
      'መስከረም 1 ጥቅምት 1 ኅዳር 1 ታኅሣሥ 1 ጥር 1 የካቲት 1 መጋቢት 1 ሚያዝያ 1 ግንቦት 1 ሰኔ 1 ሐምሌ 1 ነሐሴ 1 ጳጉሜን 1',
    );
    expect(en.join(', ')).toBe(
      'Meskerem 1, Tikimt 1, Hidar 1, Tahsas 1, Tir 1, Yekatit 1, Megabit 1, Miyazya 1, Ginbot 1, Sene 1, Hamle 1, Nehase 1, Pagume 1',
    );
  });

  it('begins with the day of the week on request', () => {
    expect(formatEthiopianDate(noon('2025-09-11'), { locale: 'en', timeZone: EAT, weekday: true })).toBe(
      'Thursday, Meskerem 1, 2018',
    );
    expect(formatEthiopianDate(noon('2025-09-11'), { locale: 'am', timeZone: EAT, weekday: true })).toBe(
      'ሐሙስ፣ መስከረም 1 2018',
    );
  });

  it('never shows a Latin era', () => {
    for (const locale of ['en', 'am'] as const) {
      for (const weekday of [false, true]) {
        const text = formatEthiopianDate(noon('2025-09-11'), { locale, timeZone: EAT, weekday });
        expect(text).not.toMatch(/\b(AM|ERA0|ERA1|AA|AD|BC)\b/);
      }
    }
  });

  it('reads the day on the wall clock of the time zone', () => {
    // 22:00 UTC on 10 September is already 01:00 on the 11th in Addis Ababa, still the 10th in New York.
    const instant = new Date('2025-09-10T22:00:00Z');
    expect(formatEthiopianDate(instant, { locale: 'en', timeZone: EAT })).toBe('Meskerem 1, 2018');
    expect(formatEthiopianDate(instant, { locale: 'en', timeZone: 'America/New_York' })).toBe(
      'Pagume 5, 2017',
    );
    // 23:30 UTC is 02:30 the next day in EAT.
    const late = new Date('2026-01-06T23:30:00Z');
    expect(formatEthiopianDate(late, { locale: 'am', timeZone: EAT })).toBe('ታኅሣሥ 29 2018');
    expect(formatEthiopianDate(late, { locale: 'am', timeZone: 'UTC' })).toBe('ታኅሣሥ 28 2018');
  });
});

describe('ethiopianDateParts and ethiopianDateOf', () => {
  it('answer the year, month (1–13) and day as numbers', () => {
    expect(ethiopianDateParts(noon('2025-09-11'), EAT)).toEqual({ year: 2018, month: 1, day: 1 });
    expect(ethiopianDateParts(noon('2025-09-10'), EAT)).toEqual({ year: 2017, month: 13, day: 5 });
    expect(ethiopianDateParts(noon('2026-01-07'), EAT)).toEqual({ year: 2018, month: 4, day: 29 });
  });

  it('read a calendar date as that day, whatever the zone of the machine', () => {
    expect(ethiopianDateOf('2025-09-11')).toEqual({ year: 2018, month: 1, day: 1 });
    expect(ethiopianDateOf('2023-09-11')).toEqual({ year: 2015, month: 13, day: 6 });
    expect(ethiopianDateOf('2026-11-16')).toEqual({ year: 2019, month: 3, day: 7 });
  });
});

describe('the calendar helpers', () => {
  it('names a month by its number', () => {
    expect(ethiopianMonthName(1, 'am')).toBe('መስከረም');
    expect(ethiopianMonthName(13, 'en')).toBe('Pagume');
  });

  it('knows the leap years: the year before a Pagume 6', () => {
    expect([2015, 2016, 2017, 2018, 2019].map(isEthiopianLeapYear)).toEqual([
      true,
      false,
      false,
      false,
      true,
    ]);
  });

  it('names the Ethiopian months a Gregorian month spans', () => {
    expect(ethiopianMonthSpan(2026, 11, 'am')).toBe('ጥቅምት–ኅዳር 2019');
    expect(ethiopianMonthSpan(2026, 11, 'en')).toBe('Tikimt–Hidar 2019');
    // September crosses the new year: Nehase and Pagume of 2018, then Meskerem 2019.
    expect(ethiopianMonthSpan(2026, 9, 'en')).toBe('Nehase 2018–Meskerem 2019');
    expect(ethiopianMonthSpan(2026, 1, 'am')).toBe('ታኅሣሥ–ጥር 2018');
  });
});
