import { describe, expect, it } from 'vitest';
import {
  maskAccount,
  payoutMessages,
  payoutMethodBodySchema,
  payoutRunBodySchema,
  toBirrCents,
} from './payouts.ts';

const method = (over: Record<string, unknown> = {}) => ({
  kind: 'bank',
  bank_code: '946',
  account_name: 'Hanna Tesfaye',
  account_number: '1000123456789',
  current_password: 'secret',
  ...over,
});
const errorsOf = (input: unknown) => {
  const parsed = payoutMethodBodySchema.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('toBirrCents (decision 230)', () => {
  it('keeps birr as it is, whatever the rate', () => {
    expect(toBirrCents(50_000, 'ETB', null)).toBe(50_000);
    expect(toBirrCents(50_000, 'ETB', 150)).toBe(50_000);
  });
  it('converts dollars at the run’s rate, rounded half up to the santim', () => {
    expect(toBirrCents(3000, 'USD', 155.5)).toBe(466_500);
    expect(toBirrCents(1, 'USD', 150.1234)).toBe(150);
    expect(toBirrCents(1, 'USD', 150.5)).toBe(151);
    expect(toBirrCents(333, 'USD', 57.4567)).toBe(19_133);
    // 0.5 santim exactly: half up (a float product would say 750.4999…).
    expect(toBirrCents(5, 'USD', 150.1)).toBe(751);
    expect(toBirrCents(5, 'USD', 150.01)).toBe(750);
  });
  it('has no answer for dollars without a rate, or another currency', () => {
    expect(toBirrCents(100, 'USD', null)).toBeNull();
    expect(toBirrCents(100, 'USD', 0)).toBeNull();
    expect(toBirrCents(100, 'EUR', 150)).toBeNull();
  });
});

describe('maskAccount', () => {
  it('shows the last four digits only', () => {
    expect(maskAccount('1000123456789')).toBe('••••6789');
    expect(maskAccount('0912-345-678')).toBe('••••5678');
    expect(maskAccount('123')).toBe('••••');
    expect(maskAccount('')).toBe('••••');
  });
});

describe('payoutMethodBodySchema', () => {
  it('takes a bank account of 6 to 20 digits with a bank, spaces and dashes allowed', () => {
    expect(errorsOf(method())).toEqual({});
    expect(errorsOf(method({ account_number: '1000 1234-5678' }))).toEqual({});
    expect(errorsOf(method({ account_number: '12345' })).account_number).toBe(payoutMessages.accountNumber);
    expect(errorsOf(method({ account_number: '1'.repeat(21) })).account_number).toBe(
      payoutMessages.accountNumber,
    );
    expect(errorsOf(method({ account_number: '10001234a' })).account_number).toBe(
      payoutMessages.accountNumber,
    );
    expect(errorsOf(method({ bank_code: '' })).bank_code).toBe(payoutMessages.bankRequired);
  });
  it('takes a wallet’s Ethiopian mobile number 09… or 07…, no bank code needed', () => {
    expect(errorsOf(method({ kind: 'telebirr', bank_code: '', account_number: '0912345678' }))).toEqual({});
    expect(errorsOf(method({ kind: 'cbebirr', bank_code: '', account_number: '0712345678' }))).toEqual({});
    for (const bad of ['0812345678', '091234567', '09123456789', '+251912345678'])
      expect(errorsOf(method({ kind: 'telebirr', account_number: bad })).account_number).toBe(
        payoutMessages.walletNumber,
      );
  });
  it('needs a name on the account, a known kind and the current password', () => {
    expect(errorsOf(method({ account_name: '  ' })).account_name).toBe(payoutMessages.accountName);
    expect(errorsOf(method({ account_name: 'x'.repeat(101) })).account_name).toBeDefined();
    expect(errorsOf(method({ kind: 'paypal' })).kind).toBeDefined();
    expect(errorsOf(method({ current_password: '' })).current_password).toBe(payoutMessages.passwordRequired);
  });
});

describe('payoutRunBodySchema', () => {
  it('takes a positive rate with at most four decimals, or none', () => {
    expect(payoutRunBodySchema.safeParse({}).success).toBe(true);
    expect(payoutRunBodySchema.safeParse({ etb_per_usd: 155.5 }).success).toBe(true);
    expect(payoutRunBodySchema.safeParse({ etb_per_usd: 150.1234 }).success).toBe(true);
    expect(payoutRunBodySchema.safeParse({ etb_per_usd: 150.12345 }).success).toBe(false);
    expect(payoutRunBodySchema.safeParse({ etb_per_usd: 0 }).success).toBe(false);
    expect(payoutRunBodySchema.safeParse({ etb_per_usd: -3 }).success).toBe(false);
  });
});
