import { describe, expect, it } from 'vitest';
import { formatCents, formatUsd, fromCents, toCents } from './money.ts';

describe('money', () => {
  it('converts dollars to integer cents without float drift', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(fromCents(1999)).toBe(19.99);
  });
  it('formats USD with two decimals', () => {
    expect(formatUsd(8000)).toBe('$80.00');
    expect(formatUsd(1250)).toBe('$12.50');
  });
  it('writes amounts as Intl.NumberFormat does in English, without it', () => {
    const usd = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
    });
    const plain = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [0, 1, 5, 10, 99, 100, 101, 999, 1000, 1234, 99999, 100000, 123456, 1000000, 123456789];
    for (const cents of [...amounts, ...amounts.filter((c) => c > 0).map((c) => -c), 9007199254740]) {
      expect(formatUsd(cents)).toBe(usd.format(cents / 100));
      expect(formatCents(cents)).toBe(plain.format(cents / 100));
    }
    // Nothing owed is never "-$0.00".
    expect(formatUsd(-0)).toBe('$0.00');
  });
});
