import { describe, expect, it } from 'vitest';
import {
  createCheckoutSessionBodySchema,
  missingPaymentDetails,
  paymentMessages,
  refundBodySchema,
} from './contracts.ts';
import { formatSessionRange, wallClock, zoneLabel } from './session-times.ts';

describe('payment messages (spec §2, §5, §8)', () => {
  it('keeps the spec texts', () => {
    expect(paymentMessages.incompleteDetails).toBe('Please complete all payment details');
    expect(paymentMessages.genericError).toBe('Something went wrong while processing payment.');
    expect(paymentMessages.noCheckoutUrl()).toBe('Failed to retrieve Stripe checkout URL.');
    expect(paymentMessages.successTitle).toBe('Payment Successful!');
    expect(paymentMessages.successBody).toBe('Thank you for your payment. Your session is now confirmed.');
    expect(paymentMessages.cancelBody).toBe(
      'You cancelled the payment. If this was a mistake, you can try again below.',
    );
    expect(paymentMessages.demoLabel).toBe('Demo payment — no card is charged');
  });
});

describe('missingPaymentDetails (spec §5)', () => {
  const full = { full_name: 'Hana', email: 'h@example.com', amount: 120, reservation_id: 'r1' };
  it('accepts complete details', () => {
    expect(missingPaymentDetails(full)).toBe(false);
  });
  it.each(['full_name', 'email', 'amount', 'reservation_id'] as const)('refuses a missing %s', (key) => {
    expect(missingPaymentDetails({ ...full, [key]: undefined })).toBe(true);
  });
  it('refuses blank text and a zero or non-numeric amount', () => {
    expect(missingPaymentDetails({ ...full, full_name: '  ' })).toBe(true);
    expect(missingPaymentDetails({ ...full, amount: 0 })).toBe(true);
    expect(missingPaymentDetails({ ...full, amount: Number.NaN })).toBe(true);
  });
});

describe('payment contracts', () => {
  it('requires every checkout field, with field messages', () => {
    const result = createCheckoutSessionBodySchema.safeParse({ full_name: '', amount: 'x' });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((i) => i.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['full_name', 'email', 'amount', 'reservation_id']));
  });
  it('refuses a negative refund', () => {
    expect(refundBodySchema.safeParse({ amount: -1 }).success).toBe(false);
    expect(refundBodySchema.safeParse({}).success).toBe(true);
  });
});

describe('session times', () => {
  it('answers wall-clock EAT (UTC+3) parts', () => {
    expect(wallClock('2026-01-12T13:00:00Z', 'Africa/Addis_Ababa')).toEqual({
      date: '2026-01-12',
      time: '16:00',
    });
    expect(wallClock('2026-01-12T22:30:00Z', 'Africa/Addis_Ababa')).toEqual({
      date: '2026-01-13',
      time: '01:30',
    });
  });
  it('formats a session range with the EAT label', () => {
    expect(zoneLabel('Africa/Addis_Ababa')).toBe('EAT');
    expect(formatSessionRange('2026-01-12T13:00:00Z', '2026-01-12T14:00:00Z', 'Africa/Addis_Ababa')).toBe(
      'Mon, 12 Jan 2026, 16:00–17:00 EAT',
    );
  });
});
