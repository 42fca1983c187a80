import { describe, expect, it } from 'vitest';
import { ethiopianDateParts, formatEthiopianDate } from './ethiopic.ts';

const EAT = 'Africa/Addis_Ababa';
const noon = (iso: string) => new Date(`${iso}T09:00:00Z`);

describe('formatEthiopianDate', () => {
  it('11 September 2025 is Enkutatash, Meskerem 1, 2018', () => {
    expect(formatEthiopianDate(noon('2025-09-11'), { locale: 'en', timeZone: EAT })).toBe('Meskerem 1, 2018');
    expect(formatEthiopianDate(noon('2025-09-11'), { locale: 'am', timeZone: EAT })).toBe('መስከረም 1 2018');
  });

  it('Enkutatash falls on 12 September before a Gregorian leap year', () => {
    expect(formatEthiopianDate(noon('2023-09-12'), { locale: 'en', timeZone: EAT })).toBe('Meskerem 1, 2016');
    expect(formatEthiopianDate(noon('2023-09-11'), { locale: 'en', timeZone: EAT })).toBe('Pagumen 6, 2015');
  });

  it('knows the other fixed days: Genna, Timket, Pagumen', () => {
    expect(formatEthiopianDate(noon('2026-01-07'), { locale: 'am', timeZone: EAT })).toBe('ታኅሣሥ 29 2018');
    expect(formatEthiopianDate(noon('2026-01-19'), { locale: 'en', timeZone: EAT })).toBe('Ter 11, 2018');
    expect(formatEthiopianDate(noon('2025-09-10'), { locale: 'am', timeZone: EAT })).toBe('ጳጉሜን 5 2017');
  });

  it('never shows a Latin era', () => {
    for (const locale of ['en', 'am'] as const) {
      const text = formatEthiopianDate(noon('2025-09-11'), { locale, timeZone: EAT });
      expect(text).not.toMatch(/\b(AM|ERA0|ERA1|AA)\b/);
    }
  });

  it('reads the day on the wall clock of the time zone', () => {
    // 22:00 UTC on 10 September is already 01:00 on the 11th in Addis Ababa, still the 10th in New York.
    const instant = new Date('2025-09-10T22:00:00Z');
    expect(formatEthiopianDate(instant, { locale: 'en', timeZone: EAT })).toBe('Meskerem 1, 2018');
    expect(formatEthiopianDate(instant, { locale: 'en', timeZone: 'America/New_York' })).toBe(
      'Pagumen 5, 2017',
    );
  });
});

describe('ethiopianDateParts', () => {
  it('answers the year, month (1–13) and day as numbers', () => {
    expect(ethiopianDateParts(noon('2025-09-11'), EAT)).toEqual({ year: 2018, month: 1, day: 1 });
    expect(ethiopianDateParts(noon('2025-09-10'), EAT)).toEqual({ year: 2017, month: 13, day: 5 });
    expect(ethiopianDateParts(noon('2026-01-07'), EAT)).toEqual({ year: 2018, month: 4, day: 29 });
  });
});
