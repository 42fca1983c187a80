import { describe, expect, it } from 'vitest';
import { estimateCostCents, sessionsCostCents } from './price.ts';

describe('price (DESIGN §1.3)', () => {
  it('is rate × hours × 4 weeks for one weekly day', () => {
    expect(estimateCostCents({ hourlyRateCents: 2500, durationHours: 1 })).toBe(10_000);
    expect(estimateCostCents({ hourlyRateCents: 2500, durationHours: 1.5 })).toBe(15_000);
  });
  it('multiplies by the number of chosen days', () => {
    expect(estimateCostCents({ hourlyRateCents: 2000, durationHours: 2, daysCount: 3 })).toBe(48_000);
    expect(estimateCostCents({ hourlyRateCents: 2000, durationHours: 1, daysCount: 1, weeks: 2 })).toBe(
      4_000,
    );
  });
  it('rounds to whole cents', () => {
    expect(estimateCostCents({ hourlyRateCents: 1999, durationHours: 0.5, daysCount: 1, weeks: 1 })).toBe(
      1000,
    );
    expect(
      Number.isInteger(sessionsCostCents({ hourlyRateCents: 3333, durationHours: 1.5, sessions: 7 })),
    ).toBe(true);
  });
  it('is never negative and never NaN', () => {
    expect(estimateCostCents({ hourlyRateCents: -500, durationHours: 1 })).toBe(0);
    expect(estimateCostCents({ hourlyRateCents: Number.NaN, durationHours: 1 })).toBe(0);
    expect(sessionsCostCents({ hourlyRateCents: 2500, durationHours: 1, sessions: 0 })).toBe(0);
  });
  it('charges the sessions actually held', () => {
    expect(sessionsCostCents({ hourlyRateCents: 2500, durationHours: 1, sessions: 3 })).toBe(7_500);
  });
});
