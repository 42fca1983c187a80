import { bookingLimits } from './messages.ts';

/**
 * The price rule (DESIGN §1.3): hourly rate × duration_hours × sessions, in integer cents. The wizard's estimate
 * counts every chosen weekday × 4 weeks; the server charges the sessions it actually holds.
 */
export function estimateCostCents({
  hourlyRateCents,
  durationHours,
  daysCount = 1,
  weeks = bookingLimits.weeksPerPayment,
}: {
  hourlyRateCents: number;
  durationHours: number;
  daysCount?: number;
  weeks?: number;
}): number {
  return sessionsCostCents({ hourlyRateCents, durationHours, sessions: daysCount * weeks });
}

/** hourly rate × hours × sessions, rounded to a whole cent, never negative (NaN and negatives count as 0). */
export function sessionsCostCents({
  hourlyRateCents,
  durationHours,
  sessions,
}: {
  hourlyRateCents: number;
  durationHours: number;
  sessions: number;
}): number {
  const total = hourlyRateCents * durationHours * sessions;
  return Number.isFinite(total) && total > 0 ? Math.round(total) : 0;
}
