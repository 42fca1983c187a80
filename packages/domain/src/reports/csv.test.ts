import { describe, expect, it } from 'vitest';
import { centsToDecimal, eatCsvTime, toCsv } from './csv.ts';

describe('csv', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas but not negative numbers', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x, y', 'say "hi"'],
          ['=HYPERLINK("x")', '-15.00'],
          ['line\nbreak', null],
        ],
      ),
    ).toBe('a,b\r\n"x, y","say ""hi"""\r\n"\'=HYPERLINK(""x"")",-15.00\r\n"line\nbreak",\r\n');
  });
  it('writes cents as decimals', () => {
    expect([centsToDecimal(12345), centsToDecimal(-5), centsToDecimal(0)]).toEqual([
      '123.45',
      '-0.05',
      '0.00',
    ]);
  });
  it('writes instants in EAT (UTC+3), across midnight, and nothing for none', () => {
    expect(eatCsvTime('2026-03-02T10:00:00Z')).toBe('2026-03-02 13:00');
    expect(eatCsvTime(new Date('2026-03-02T22:30:00Z'))).toBe('2026-03-03 01:30');
    expect([eatCsvTime(null), eatCsvTime('nonsense')]).toEqual(['', '']);
  });
});
