import { describe, expect, it } from 'vitest';
import { formatUsd, fromCents, toCents } from './money.ts';

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
});
