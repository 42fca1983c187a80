import { describe, expect, it } from 'vitest';
import {
  bookingPolicyDefaults,
  cancelOutcome,
  creditToApply,
  isOutsideNoticeWindow,
  mayReschedule,
  readBookingPolicy,
  seriesDates,
  sessionsInScope,
  sessionValuesById,
  sessionValuesCents,
  splitRefund,
} from './lifecycle.ts';

const now = new Date('2031-03-03T07:00:00Z');
const at = (minutesFromNow: number) => new Date(now.getTime() + minutesFromNow * 60_000);

describe('the notice window', () => {
  it('exactly at the limit is in time; one minute inside is not', () => {
    expect(isOutsideNoticeWindow(at(12 * 60), now, 12)).toBe(true);
    expect(isOutsideNoticeWindow(at(12 * 60 - 1), now, 12)).toBe(false);
    expect(isOutsideNoticeWindow(at(12 * 60 + 1), now, 12)).toBe(true);
  });

  it('a family gets its choice in time and nothing inside; an admin always gets the choice', () => {
    const base = { now, noticeHours: 12 } as const;
    expect(cancelOutcome({ ...base, startsAt: at(720), actor: 'family', choice: 'refund' })).toBe('refund');
    expect(cancelOutcome({ ...base, startsAt: at(720), actor: 'family', choice: 'credit' })).toBe('credit');
    expect(cancelOutcome({ ...base, startsAt: at(719), actor: 'family', choice: 'refund' })).toBe('none');
    expect(cancelOutcome({ ...base, startsAt: at(30), actor: 'admin', choice: 'refund' })).toBe('refund');
    expect(cancelOutcome({ ...base, startsAt: at(30), actor: 'admin', choice: 'credit' })).toBe('credit');
  });

  it('families move sessions only in time; admins at any time', () => {
    expect(mayReschedule({ startsAt: at(720), now, noticeHours: 12, actor: 'family' })).toBe(true);
    expect(mayReschedule({ startsAt: at(719), now, noticeHours: 12, actor: 'family' })).toBe(false);
    expect(mayReschedule({ startsAt: at(5), now, noticeHours: 12, actor: 'admin' })).toBe(true);
  });
});

describe('money', () => {
  it('splits the amount over the paid sessions, cent for cent', () => {
    expect(sessionValuesCents(8000, 4)).toEqual([2000, 2000, 2000, 2000]);
    expect(sessionValuesCents(1000, 3)).toEqual([334, 333, 333]);
    expect(sessionValuesCents(1000, 3).reduce((a, b) => a + b)).toBe(1000);
    expect(sessionValuesCents(0, 2)).toEqual([0, 0]);
    expect(sessionValuesCents(500, 0)).toEqual([]);
  });

  it('refunds at most what the card paid and is not yet returned; the rest is credit', () => {
    expect(splitRefund(2000, 8000)).toEqual({ refund: 2000, credit: 0 });
    expect(splitRefund(2000, 500)).toEqual({ refund: 500, credit: 1500 });
    expect(splitRefund(2000, 0)).toEqual({ refund: 0, credit: 2000 });
  });

  it('spends credit up to the amount, never below zero', () => {
    expect(creditToApply(2000, 8000)).toBe(2000);
    expect(creditToApply(9000, 8000)).toBe(8000);
    expect(creditToApply(0, 8000)).toBe(0);
    expect(creditToApply(-100, 8000)).toBe(0);
  });
});

describe('scope', () => {
  const s = [0, 1, 2, 3].map((i) => ({ id: `s${i}`, startsAt: at(i * 7 * 24 * 60) }));
  it("'one' is the session; 'series' is it and every later one", () => {
    expect(sessionsInScope(s, s[1]!, 'one').map((x) => x.id)).toEqual(['s1']);
    expect(sessionsInScope(s, s[1]!, 'series').map((x) => x.id)).toEqual(['s1', 's2', 's3']);
    expect(sessionsInScope(s, s[3]!, 'series').map((x) => x.id)).toEqual(['s3']);
  });
  it('a series move puts each later session a week after the one before', () => {
    expect(seriesDates('2031-03-25', 3)).toEqual(['2031-03-25', '2031-04-01', '2031-04-08']);
  });
});

describe('policy', () => {
  it('reads stored values leniently: defaults for missing or out-of-range fields', () => {
    expect(readBookingPolicy(undefined)).toEqual(bookingPolicyDefaults);
    expect(readBookingPolicy({ hold_minutes: 45, weeks_per_payment: 99, lead_time_hours: 'x' })).toEqual({
      ...bookingPolicyDefaults,
      hold_minutes: 45,
    });
  });
});

describe('sessionValuesById', () => {
  const paid = (status: string) =>
    ['scheduled', 'completed', 'no_show', 'cancelled', 'interrupted'].includes(status);
  it('splits the amount over the paid sessions; a make-up is worth the lesson it makes up, not a share of its own', () => {
    const values = sessionValuesById(
      10001,
      [
        { id: 'a', status: 'completed', makeupOfSessionId: null },
        { id: 'b', status: 'interrupted', makeupOfSessionId: null },
        { id: 'c', status: 'skipped', makeupOfSessionId: null },
        { id: 'd', status: 'scheduled', makeupOfSessionId: null },
        { id: 'm', status: 'scheduled', makeupOfSessionId: 'b' },
      ],
      paid,
    );
    expect(Object.fromEntries(values)).toEqual({ a: 3334, b: 3334, d: 3333, m: 3334 });
  });
});
