import { describe, expect, it } from 'vitest';
import { balancedLines, shareAcross, splitEarning, UnbalancedJournalError } from './journal.ts';

describe('balancedLines', () => {
  it('accepts lines that sum to zero per currency and drops zero lines', () => {
    const lines = balancedLines([
      { account: 'family_payments', amountCents: 1000, currency: 'USD' },
      { account: 'family_prepaid', amountCents: -1000, currency: 'USD' },
      { account: 'family_credit', amountCents: 0, currency: 'USD' },
      { account: 'family_payments', amountCents: 500, currency: 'ETB' },
      { account: 'family_prepaid', amountCents: -500, currency: 'ETB' },
    ]);
    expect(lines).toHaveLength(4);
  });
  it('refuses a transaction that balances overall but not per currency', () => {
    expect(() =>
      balancedLines([
        { account: 'family_payments', amountCents: 1000, currency: 'USD' },
        { account: 'family_prepaid', amountCents: -1000, currency: 'ETB' },
      ]),
    ).toThrow(UnbalancedJournalError);
  });
  it('refuses fractions of a cent and lone lines', () => {
    expect(() =>
      balancedLines([
        { account: 'family_payments', amountCents: 0.5, currency: 'USD' },
        { account: 'family_prepaid', amountCents: -0.5, currency: 'USD' },
      ]),
    ).toThrow(UnbalancedJournalError);
    expect(() => balancedLines([{ account: 'refunds', amountCents: 3, currency: 'USD' }])).toThrow(
      UnbalancedJournalError,
    );
  });
});

describe('splitEarning', () => {
  it('takes the commission from the price and gives the tutor the rest', () => {
    expect(splitEarning(5000, 1500)).toEqual({ tutorCents: 4250, commissionCents: 750 });
    expect(splitEarning(5000, 0)).toEqual({ tutorCents: 5000, commissionCents: 0 });
    expect(splitEarning(5000, 10_000)).toEqual({ tutorCents: 0, commissionCents: 5000 });
  });
  it('rounds the commission half up and never loses a cent', () => {
    expect(splitEarning(1001, 1250)).toEqual({ tutorCents: 876, commissionCents: 125 });
    expect(splitEarning(1004, 1250)).toEqual({ tutorCents: 878, commissionCents: 126 });
    for (const price of [1, 33, 999, 12_345]) {
      const { tutorCents, commissionCents } = splitEarning(price, 1777);
      expect(tutorCents + commissionCents).toBe(price);
    }
  });
  it('refuses a negative price or a commission outside 0–100 %', () => {
    expect(() => splitEarning(-1, 1000)).toThrow(RangeError);
    expect(() => splitEarning(100, 10_001)).toThrow(RangeError);
  });
});

describe('shareAcross', () => {
  it('splits an amount into parts that sum to it', () => {
    expect(shareAcross(20000, 4)).toEqual([5000, 5000, 5000, 5000]);
    expect(shareAcross(1000, 3)).toEqual([334, 333, 333]);
    expect(shareAcross(1000, 0)).toEqual([]);
  });
});
