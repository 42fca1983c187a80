import { describe, expect, it } from 'vitest';
import {
  activeSessionStatuses,
  bookedSessionStatuses,
  collectedPaymentStatuses,
  markedSessionStatuses,
  openReservationStatuses,
  paidActiveSessionStatuses,
  paidReservationStatuses,
  paidSessionStatuses,
  refundablePaymentStatuses,
  reservationStatuses,
  sessionStatuses,
  settledReservationStatuses,
  statusIn,
  upcomingSessionStatuses,
} from './statuses.ts';

const without = (all: readonly string[], ...left: string[]) => all.filter((s) => !left.includes(s));

describe('the session groups', () => {
  it('a session takes the tutor’s time while held, scheduled or completed (the exclusion constraint)', () => {
    expect([...activeSessionStatuses].sort()).toEqual(['completed', 'held', 'scheduled']);
    expect(without(activeSessionStatuses, 'held')).toEqual([...paidActiveSessionStatuses]);
  });

  it('the family’s records show every session but the held, skipped and expired ones', () => {
    expect([...paidSessionStatuses].sort()).toEqual(
      without(sessionStatuses, 'held', 'skipped', 'expired').sort(),
    );
    // An interrupted lesson was paid for and is not booked any more (made up or given back, decision 271).
    expect(without(paidSessionStatuses, 'cancelled', 'interrupted')).toEqual([...bookedSessionStatuses]);
  });

  it('a marked session is a booked one; an upcoming one is active and never done', () => {
    expect(markedSessionStatuses.every((s) => statusIn(bookedSessionStatuses, s))).toBe(true);
    expect(upcomingSessionStatuses.every((s) => statusIn(activeSessionStatuses, s))).toBe(true);
    expect(statusIn(upcomingSessionStatuses, 'completed')).toBe(false);
  });
});

describe('the reservation and payment groups', () => {
  it('an open booking is unpaid or confirmed; a settled one is paid or cancelled, never pending or expired', () => {
    expect([...openReservationStatuses]).toEqual(['pending_payment', 'confirmed']);
    expect([...settledReservationStatuses].sort()).toEqual(
      without(reservationStatuses, 'pending_payment', 'expired').sort(),
    );
    expect(paidReservationStatuses.every((s) => statusIn(settledReservationStatuses, s))).toBe(true);
  });

  it('only a collected payment not refunded in full can be refunded', () => {
    expect(without(collectedPaymentStatuses, 'refunded')).toEqual([...refundablePaymentStatuses]);
  });
});

describe('statusIn', () => {
  it('answers whether a plain string is in the group', () => {
    expect(statusIn(refundablePaymentStatuses, 'partially_refunded')).toBe(true);
    expect(statusIn(refundablePaymentStatuses, 'refunded')).toBe(false);
    expect(statusIn(refundablePaymentStatuses, 'PAID')).toBe(false);
  });
});
