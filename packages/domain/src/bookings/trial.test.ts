import { describe, expect, it } from 'vitest';
import { errorCatalog } from '../errors/catalog.ts';
import {
  trialColumnsOf,
  trialMessages,
  trialOfferInputSchema,
  trialOfferOf,
  trialPayloadSchema,
  trialPriceIn,
} from './trial.ts';

describe('the trial offer', () => {
  it('is 30 or 45 minutes at a price of 0 (free) or more, a birr price optional', () => {
    expect(trialOfferInputSchema.parse({ minutes: 30, price: 0 })).toEqual({ minutes: 30, price: 0 });
    expect(trialOfferInputSchema.parse({ minutes: 45, price: 12.5, price_etb: 700 })).toMatchObject({
      price_etb: 700,
    });
    const wrongLength = trialOfferInputSchema.safeParse({ minutes: 60, price: 5 });
    expect(wrongLength.error?.issues[0]?.message).toBe(trialMessages.minutesInvalid);
    const negative = trialOfferInputSchema.safeParse({ minutes: 30, price: -1 });
    expect(negative.error?.issues[0]?.message).toBe(trialMessages.priceInvalid);
    expect(trialOfferInputSchema.safeParse({ minutes: 30, price: 1.234 }).success).toBe(false);
    expect(trialOfferInputSchema.safeParse({ minutes: 30, price: 1, extra: 1 }).success).toBe(false);
  });

  it('is stored as columns and read back; incomplete columns are no offer', () => {
    const columns = trialColumnsOf({ minutes: 45, price: 10, price_etb: 550 });
    expect(columns).toEqual({ trialMinutes: 45, trialPriceCents: 1000, trialPriceEtbCents: 55_000 });
    expect(trialOfferOf(columns)).toEqual({
      minutes: 45,
      price: 10,
      price_cents: 1000,
      price_etb: 550,
      free: false,
    });
    expect(trialColumnsOf(null)).toEqual({
      trialMinutes: null,
      trialPriceCents: null,
      trialPriceEtbCents: null,
    });
    expect(trialOfferOf(trialColumnsOf(null))).toBeNull();
    expect(trialOfferOf({ trialMinutes: 60, trialPriceCents: 0, trialPriceEtbCents: null })).toBeNull();
    expect(trialOfferOf({ trialMinutes: 30, trialPriceCents: null, trialPriceEtbCents: null })).toBeNull();
  });

  it('is priced in the family’s currency: dollars, birr when set, free in both', () => {
    const paid = trialOfferOf({ trialMinutes: 30, trialPriceCents: 800, trialPriceEtbCents: null })!;
    expect(trialPriceIn('USD', paid)).toBe(800);
    expect(trialPriceIn('ETB', paid)).toBeNull();
    const free = trialOfferOf({ trialMinutes: 30, trialPriceCents: 0, trialPriceEtbCents: null })!;
    expect(trialPriceIn('ETB', free)).toBe(0);
  });

  it('has coded messages in the error catalog', () => {
    const codes = errorCatalog.map((e) => e.code);
    expect(codes).toContain('trial_already_booked');
    expect(codes).toContain('trial_not_offered');
    expect(errorCatalog.find((e) => e.code === 'trial_already_booked')?.template).toBe(
      trialMessages.alreadyBooked,
    );
  });
});

describe('the trial request', () => {
  const good = {
    tutor: 7,
    date: '2031-03-03',
    time: '10:00',
    full_name: 'Almaz Tesfaye',
    email: 'almaz@example.com',
    phone: '+251 911 000 000',
    student_full_name: 'Liya',
    student_grade: 'Grade 5',
  };

  it('is one day of the chosen tutor, with the wizard’s rules', () => {
    const parsed = trialPayloadSchema.parse(good);
    expect(parsed).toMatchObject({ tutor: 7, days: ['mon'], days_times: { mon: '10:00' }, currency: 'USD' });
  });

  it('lists every problem with the wizard’s messages', () => {
    const bad = trialPayloadSchema.safeParse({ tutor: 7, email: 'nope' });
    const messages = bad.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain('Valid parent/guardian email is required.');
    expect(messages).toContain('Parent/guardian phone is required.');
    expect(messages.length).toBeGreaterThan(3);
    expect(trialPayloadSchema.safeParse({ ...good, tutor: 'x' }).success).toBe(false);
  });
});
