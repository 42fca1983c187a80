import { describe, expect, it } from 'vitest';
import {
  attendanceRate,
  creditBalances,
  familySettingsBodySchema,
  isTimeZone,
  receiptNumber,
  renewalBodySchema,
  renewalCurrency,
  renewalMessages,
  renewalOffered,
} from './contracts.ts';

const DAY = 24 * 3_600_000;

describe('family contracts', () => {
  it('offers a renewal from a week before the last paid session, not before, not after it', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(renewalOffered(new Date(now.getTime() + 7 * DAY), now)).toBe(true);
    expect(renewalOffered(new Date(now.getTime() + 7 * DAY + 60_000), now)).toBe(false);
    expect(renewalOffered(new Date(now.getTime() + 60_000), now)).toBe(true);
    expect(renewalOffered(new Date(now.getTime() - 60_000), now)).toBe(false);
  });

  it('attendance is attended over sessions due, in whole percent; none before the first', () => {
    expect(attendanceRate({ attended: 0, no_show: 0 })).toBeNull();
    expect(attendanceRate({ attended: 2, no_show: 1 })).toBe(67);
    expect(attendanceRate({ attended: 3, no_show: 0 })).toBe(100);
  });

  it('accepts IANA zones and the empty choice, refuses the rest with its message', () => {
    expect(isTimeZone('')).toBe(true);
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    const bad = familySettingsBodySchema.safeParse({
      first_name: '',
      last_name: '',
      time_zone: 'Nowhere',
      communication_preference: 'pigeon',
      reminders_enabled: true,
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toEqual([
      'Choose a time zone from the list.',
      'Choose e-mail, phone or WhatsApp.',
    ]);
  });

  it('numbers receipts from the payment id', () => {
    expect(receiptNumber('0984ed7b-a0c1-4c2d-9e3f-123456789abc')).toBe('TT-0984ED7BA0');
  });

  it('keeps credit per currency: dollars first, then birr, and none at zero', () => {
    expect(creditBalances([])).toEqual([]);
    expect(
      creditBalances([
        { currency: 'ETB', amount_cents: 45000 },
        { currency: 'USD', amount_cents: 2000 },
        { currency: 'USD', amount_cents: -800 },
      ]),
    ).toEqual([
      { currency: 'USD', amount_cents: 1200 },
      { currency: 'ETB', amount_cents: 45000 },
    ]);
    expect(
      creditBalances([
        { currency: 'USD', amount_cents: 2000 },
        { currency: 'USD', amount_cents: -2000 },
        { currency: 'ETB', amount_cents: 100 },
      ]),
    ).toEqual([{ currency: 'ETB', amount_cents: 100 }]);
  });

  it("renews in the renewed booking's currency while it is offered, else in dollars and says why", () => {
    const usd = { currency: 'USD' as const, hourly_rate_cents: 2000, amount_cents: 8000 };
    const etb = { currency: 'ETB' as const, hourly_rate_cents: 75000, amount_cents: 300000 };
    expect(renewalCurrency('ETB', [usd, etb], ['USD', 'ETB'])).toEqual({
      currency: 'ETB',
      option: etb,
      notice: null,
    });
    expect(renewalCurrency('USD', [usd, etb], ['USD', 'ETB'])).toEqual({
      currency: 'USD',
      option: usd,
      notice: null,
    });
    // Chapa switched off: birr is not offered at all.
    expect(renewalCurrency('ETB', [usd], ['USD'])).toEqual({
      currency: 'USD',
      option: usd,
      notice: renewalMessages.birrUnavailable,
    });
    // Chapa on, but the subject has no birr rate any more.
    expect(renewalCurrency('ETB', [usd], ['USD', 'ETB'])).toEqual({
      currency: 'USD',
      option: usd,
      notice: renewalMessages.birrNotOffered,
    });
  });

  it("takes the offer's currency when renewing, or none", () => {
    expect(renewalBodySchema.parse(undefined)).toBeUndefined();
    expect(renewalBodySchema.parse(null)).toBeNull();
    expect(renewalBodySchema.parse({})).toEqual({});
    expect(renewalBodySchema.parse({ currency: 'ETB' })).toEqual({ currency: 'ETB' });
    expect(renewalBodySchema.safeParse({ currency: 'EUR' }).success).toBe(false);
  });
});
