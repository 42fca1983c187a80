import { z } from 'zod';

/**
 * The earnings policy (issue 27, decision 227): the platform's default commission, the dispute window before an
 * earning can be paid out, and the smallest payout. Stored in the site settings under `earnings_policy`, edited
 * as `earnings` in GET/PUT /api/admin/settings/; a missing or bad value falls back to its default, field by field.
 */
export const EARNINGS_POLICY_KEY = 'earnings_policy';
export type EarningsPolicy = {
  commission_percent: number;
  dispute_window_days: number;
  payout_minimum_etb: number;
};
export const earningsPolicyDefaults: EarningsPolicy = {
  commission_percent: 15,
  dispute_window_days: 3,
  payout_minimum_etb: 500,
};

/** GET/PUT /api/admin/settings/ → `earnings`: the policy as the admin edits it (PUT may leave it out). */
export const earningsPolicyBodySchema = z.object({
  commission_percent: z
    .number({ error: 'Enter the commission in percent.' })
    .min(0, 'The commission is between 0 and 100 %.')
    .max(100, 'The commission is between 0 and 100 %.')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Use at most two decimals.'),
  dispute_window_days: z
    .number({ error: 'Enter the dispute window in days.' })
    .int('Use whole days.')
    .min(0, 'The dispute window is 0 to 30 days.')
    .max(30, 'The dispute window is 0 to 30 days.'),
  payout_minimum_etb: z
    .number({ error: 'Enter the smallest payout in birr.' })
    .int('Use whole birr.')
    .min(0, 'The smallest payout cannot be negative.')
    .max(1_000_000, 'The smallest payout is at most 1,000,000 birr.'),
});
export const earningsPolicyViewSchema = z.object({
  commission_percent: z.number(),
  dispute_window_days: z.number().int(),
  payout_minimum_etb: z.number().int(),
});

export function readEarningsPolicy(value: unknown): EarningsPolicy {
  const raw = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const out = { ...earningsPolicyDefaults };
  for (const key of Object.keys(earningsPolicyDefaults) as (keyof EarningsPolicy)[]) {
    const parsed = earningsPolicyBodySchema.shape[key].safeParse(raw[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return out;
}

/**
 * The admin tutor API (POST /api/admin/tutors/, PUT/PATCH /api/admin/tutors/{id}/) accepts and answers
 * `commission_percent`: the tutor's own commission in percent (≤ 2 decimals), or null for the default.
 */
export const tutorCommissionPercentSchema = earningsPolicyBodySchema.shape.commission_percent.nullable();
/** Percent ↔ basis points as stored in tutors.commission_bps. */
export const percentToBps = (percent: number | null): number | null =>
  percent === null ? null : Math.round(percent * 100);
export const bpsToPercent = (bps: number | null): number | null => (bps === null ? null : bps / 100);

export const earningsStates = ['pending', 'available', 'in_transit', 'paid_out'] as const;

/** GET /api/tutor/earnings/?month=YYYY-MM */
export const earningsQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM.')
    .optional(),
});

export const tutorBalanceSchema = z.object({
  currency: z.string(),
  pending_cents: z.number().int(),
  available_cents: z.number().int(),
  in_transit_cents: z.number().int(),
  paid_cents: z.number().int(),
});

export const earningsEntrySchema = z.object({
  id: z.string(),
  transaction_id: z.string(),
  occurred_at: z.string(),
  kind: z.string(),
  description: z.string(),
  currency: z.string(),
  /** Positive: owed to the tutor; negative: taken away or paid out. */
  amount_cents: z.number().int(),
  available_at: z.string().nullable(),
  state: z.enum(earningsStates),
  session_id: z.string().nullable(),
  reservation_id: z.string().nullable(),
  payout_id: z.string().nullable(),
});

export const earningsResponseSchema = z.object({
  balances: z.array(tutorBalanceSchema),
  commission_percent: z.number(),
  dispute_window_days: z.number().int(),
  month: z.string(),
  months: z.array(z.string()),
  entries: z.array(earningsEntrySchema),
  month_totals: z.array(
    z.object({
      currency: z.string(),
      earned_cents: z.number().int(),
      reversed_cents: z.number().int(),
      paid_out_cents: z.number().int(),
    }),
  ),
});
export type EarningsResponse = z.infer<typeof earningsResponseSchema>;
export type EarningsEntry = z.infer<typeof earningsEntrySchema>;
