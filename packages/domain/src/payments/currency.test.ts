import { describe, expect, it } from 'vitest';
import {
  currencyOptions,
  formatAmount,
  fromChapaAmount,
  hourlyRateIn,
  paymentCurrencySchema,
  toChapaAmount,
} from './currency.ts';
import { subjectEtbRateMessage, subjectUpdateSchema } from '../subjects/contract.ts';
import { formatMoney } from '../admin/format.ts';

describe('payment currency', () => {
  it('defaults to US dollars and accepts ETB in any case; anything else is refused', () => {
    expect(paymentCurrencySchema.parse(undefined)).toBe('USD');
    expect(paymentCurrencySchema.parse('')).toBe('USD');
    expect(paymentCurrencySchema.parse(' etb ')).toBe('ETB');
    expect(paymentCurrencySchema.safeParse('EUR').success).toBe(false);
    expect(paymentCurrencySchema.safeParse(12).success).toBe(false);
  });

  it("prices birr from the subject's ETB rate only; no rate means no birr", () => {
    expect(hourlyRateIn('USD', { usdCents: 2000, etbCents: 150000 })).toBe(2000);
    expect(hourlyRateIn('ETB', { usdCents: 2000, etbCents: 150000 })).toBe(150000);
    expect(hourlyRateIn('ETB', { usdCents: 2000, etbCents: null })).toBeNull();
    expect(hourlyRateIn('ETB', { usdCents: 2000, etbCents: 0 })).toBeNull();
  });

  it('offers birr beside dollars only when Chapa is enabled and the subject has a rate, each with its amount', () => {
    const plan = { usdRateCents: 2000, etbRateCents: 150000, durationHours: 1.5, sessions: 4 };
    expect(currencyOptions({ ...plan, enabled: ['USD', 'ETB'] })).toEqual([
      { currency: 'USD', hourly_rate_cents: 2000, amount_cents: 12000 },
      { currency: 'ETB', hourly_rate_cents: 150000, amount_cents: 900000 },
    ]);
    expect(currencyOptions({ ...plan, enabled: ['USD'] }).map((o) => o.currency)).toEqual(['USD']);
    expect(
      currencyOptions({ ...plan, etbRateCents: null, enabled: ['USD', 'ETB'] }).map((o) => o.currency),
    ).toEqual(['USD']);
  });

  it('formats dollars with the sign and birr with its code, two decimals and thousands separators', () => {
    expect(formatAmount(123400, 'ETB')).toBe('ETB 1,234.00');
    expect(formatAmount(5, 'ETB')).toBe('ETB 0.05');
    expect(formatAmount(8000, 'USD')).toBe('$80.00');
    expect(formatAmount(123456789, 'USD')).toBe('$1,234,567.89');
    // The admin's lists and totals write money the same way.
    expect(formatMoney(123400, 'ETB')).toBe('ETB 1,234.00');
    expect(formatMoney(-2500, 'USD')).toBe('-$25.00');
  });

  it("writes and reads Chapa's decimal amounts exactly", () => {
    expect(toChapaAmount(900000)).toBe('9000.00');
    expect(toChapaAmount(12345)).toBe('123.45');
    expect(fromChapaAmount('9000.00')).toBe(900000);
    expect(fromChapaAmount('123.4')).toBe(12340);
    expect(fromChapaAmount(75)).toBe(7500);
    expect(fromChapaAmount('0.1e3')).toBeNull();
    expect(fromChapaAmount('-5')).toBeNull();
    expect(fromChapaAmount(undefined)).toBeNull();
  });
});

describe("a subject's birr rate (admin input)", () => {
  it('takes birr with up to two decimals, or null to stop offering birr', () => {
    expect(subjectUpdateSchema.parse({ price_per_hour_etb: 1250.5 })).toEqual({ price_per_hour_etb: 1250.5 });
    expect(subjectUpdateSchema.parse({ price_per_hour_etb: null })).toEqual({ price_per_hour_etb: null });
    for (const bad of [0, -10, 12.345, 2_000_000, '900']) {
      const result = subjectUpdateSchema.safeParse({ price_per_hour_etb: bad });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(subjectEtbRateMessage);
    }
  });
});
