import { slotsInWindows } from '@tibeb/domain/bookings/slots';
import type { Config } from '../../../platform/config.ts';
import type { WeeklyWindows } from './reservations.repository.ts';

/**
 * How much unpaid reservations may hold at once (issue 12 §4, issue 29 item 5, decisions 092 and 221):
 * - per guardian e-mail (`HOLD_LIMIT_PER_EMAIL`, default 3) and per client address (`HOLD_LIMIT_PER_ADDRESS`,
 *   default 10: families behind one carrier's shared address share it; IPv6 counted by its /64);
 * - per tutor, from one e-mail or one address (`HOLD_LIMIT_PER_TUTOR`, default 2);
 * - per tutor, from everyone: unpaid holds keep at most `HOLD_TUTOR_SHARE_PERCENT` (default 25) of the tutor's
 *   bookable time over one payment period (4 weeks), never less than one 1-hour lesson a week.
 * The test harness sets no bound (suites book many times from one address) unless a test gives one.
 */
export type HoldLimits = {
  perEmail: number;
  perAddress: number;
  perTutor: number;
  /** A fraction of the tutor's bookable time (0.25); Infinity: no share bound. */
  tutorShare: number;
};

export const defaultHoldLimits: HoldLimits = { perEmail: 3, perAddress: 10, perTutor: 2, tutorShare: 0.25 };

export const noHoldLimits: HoldLimits = {
  perEmail: Infinity,
  perAddress: Infinity,
  perTutor: Infinity,
  tutorShare: Infinity,
};

export function holdLimitsFor(config: Pick<Config, 'holdLimits'>): HoldLimits {
  const set = config.holdLimits;
  const percent = set?.tutorSharePercent;
  return {
    perEmail: set?.perEmail ?? defaultHoldLimits.perEmail,
    perAddress: set?.perAddress ?? defaultHoldLimits.perAddress,
    perTutor: set?.perTutor ?? defaultHoldLimits.perTutor,
    tutorShare: percent === undefined ? defaultHoldLimits.tutorShare : percent / 100,
  };
}

const GRID_MINUTES = 30;

/**
 * The tutor's bookable time in one week, in minutes: its start times on the 30-minute grid (the ones the
 * calendar offers) × 30, so overlapping windows count once.
 */
export function weeklyBookableMinutes(windows: WeeklyWindows): number {
  return Object.values(windows).reduce(
    (sum, day) => sum + slotsInWindows(day, GRID_MINUTES).length * GRID_MINUTES,
    0,
  );
}

/**
 * The minutes unpaid holds may keep of one tutor at once: `share` of its bookable time over `weeks`, and never
 * less than one 1-hour lesson a week (a tutor with few hours stays bookable).
 */
export function tutorHoldAllowanceMinutes(weeklyMinutes: number, weeks: number, share: number): number {
  return Math.max(Math.floor(share * weeklyMinutes * weeks), 60 * weeks);
}
