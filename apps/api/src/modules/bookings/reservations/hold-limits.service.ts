import type { Config } from '../../../platform/config.ts';

/**
 * How many unpaid reservations may hold time at once (issue 12 §4): per guardian e-mail and per client
 * address (`HOLD_LIMIT_PER_EMAIL`, default 3; `HOLD_LIMIT_PER_ADDRESS`, default 10: families behind one
 * carrier's shared address share it). The test harness sets no bound (suites book many times from one address)
 * unless a test gives one.
 */
export type HoldLimits = { perEmail: number; perAddress: number };

export const defaultHoldLimits: HoldLimits = { perEmail: 3, perAddress: 10 };

export function holdLimitsFor(config: Pick<Config, 'holdLimits'>): HoldLimits {
  return {
    perEmail: config.holdLimits?.perEmail ?? defaultHoldLimits.perEmail,
    perAddress: config.holdLimits?.perAddress ?? defaultHoldLimits.perAddress,
  };
}
