import type { Config } from '../../../platform/config.ts';

/**
 * How many unpaid reservations may hold time at once (issue 12 §4): per guardian e-mail and per client
 * address (`HOLD_LIMIT_PER_EMAIL`, default 3; `HOLD_LIMIT_PER_ADDRESS`, default 10: families behind one
 * carrier's shared address share it). Tests run without a bound unless they give one (`holdLimits` in the
 * test config), so suites that book many times from one address keep working.
 */
export type HoldLimits = { perEmail: number; perAddress: number };

export const defaultHoldLimits: HoldLimits = { perEmail: 3, perAddress: 10 };

export function holdLimitsFor(config: Pick<Config, 'env' | 'holdLimits'>): HoldLimits {
  const fallback =
    config.env === 'test'
      ? { perEmail: Number.POSITIVE_INFINITY, perAddress: Number.POSITIVE_INFINITY }
      : defaultHoldLimits;
  return {
    perEmail: config.holdLimits?.perEmail ?? fallback.perEmail,
    perAddress: config.holdLimits?.perAddress ?? fallback.perAddress,
  };
}
