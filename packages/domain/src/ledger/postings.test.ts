import { describe, expect, it } from 'vitest';
import type { JournalLine } from './journal.ts';
import {
  creditLines,
  earningAvailableAt,
  earningLines,
  paymentLines,
  returnLines,
  secondPaymentLines,
} from './postings.ts';

const sum = (lines: JournalLine[]) => lines.reduce((s, l) => s + l.amountCents, 0);
const by = (lines: JournalLine[]) => Object.fromEntries(lines.map((l) => [l.account, l.amountCents]));
const now = new Date('2026-12-01T12:00:00Z');

describe('the journal lines of each booking event', () => {
  it('a payment with and without credit', () => {
    expect(by(paymentLines({ currency: 'USD', paidCents: 6000, creditAppliedCents: 2000 }))).toEqual({
      family_payments: 6000,
      family_credit: 2000,
      family_prepaid: -8000,
    });
    // No credit: no zero line.
    expect(paymentLines({ currency: 'USD', paidCents: 8000, creditAppliedCents: 0 })).toHaveLength(2);
    expect(by(secondPaymentLines({ currency: 'ETB', paidCents: 500 }))).toEqual({
      family_payments: 500,
      family_credit: -500,
    });
    expect(by(creditLines({ currency: 'USD', cents: 2000 }))).toEqual({
      family_prepaid: 2000,
      family_credit: -2000,
    });
  });

  it('a held session: commission half up, the tutor gets the rest, available after the window', () => {
    const at = earningAvailableAt(new Date('2026-11-30T10:00:00Z'), now, 3);
    expect(at.toISOString()).toBe('2026-12-04T12:00:00.000Z');
    expect(earningAvailableAt(new Date('2026-12-02T10:00:00Z'), now, 0).toISOString()).toBe(
      '2026-12-02T10:00:00.000Z',
    );
    const lines = earningLines({
      currency: 'USD',
      priceCents: 2001,
      commissionBps: 1500,
      tutorId: 7,
      availableAt: at,
    });
    expect(by(lines)).toEqual({ family_prepaid: 2001, tutor_payable: -1701, platform_commission: -300 });
    expect(lines.find((l) => l.account === 'tutor_payable')).toMatchObject({ tutorId: 7, availableAt: at });
    expect(sum(lines)).toBe(0);
  });

  it('a refund: credit first, then prepaid, then the earnings reversed in proportion', () => {
    const earned = { tutorCents: 3400, commissionCents: 600, availableAt: new Date('2026-12-05T00:00:00Z') };
    const base = { currency: 'USD', tutorId: 7, now, earned };
    expect(
      by(returnLines({ ...base, amountCents: 2000, fromCreditCents: 0, prepaidLeftCents: 4000 })),
    ).toEqual({
      family_prepaid: 2000,
      refunds: -2000,
    });
    const after = returnLines({ ...base, amountCents: 5000, fromCreditCents: 500, prepaidLeftCents: 2500 });
    expect(by(after)).toEqual({
      family_credit: 500,
      family_prepaid: 2500,
      tutor_payable: 1700,
      platform_commission: 300,
      refunds: -5000,
    });
    // The reversal keeps the earning's availability date.
    expect(after.find((l) => l.account === 'tutor_payable')!.availableAt).toEqual(earned.availableAt);
    expect(sum(after)).toBe(0);
  });

  it('a chargeback after a payout reverses everything earned; beyond it stays on prepaid', () => {
    const earned = { tutorCents: 6800, commissionCents: 1200, availableAt: null };
    const lines = returnLines({
      currency: 'USD',
      tutorId: 7,
      now,
      earned,
      amountCents: 8100,
      fromCreditCents: 0,
      prepaidLeftCents: 0,
    });
    expect(by(lines)).toEqual({
      family_prepaid: 100,
      tutor_payable: 6800,
      platform_commission: 1200,
      refunds: -8100,
    });
    expect(lines.find((l) => l.account === 'tutor_payable')!.availableAt).toEqual(now);
  });
});
