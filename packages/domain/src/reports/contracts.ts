import { z } from 'zod';

export const reportMessages = {
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  rangeOrder: 'The end date must be on or after the start date.',
  rangeTooLong: 'Choose a range of at most two years.',
  tableUnknown: 'Choose one of the report tables.',
} as const;

const isoDate = z
  .string({ error: reportMessages.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, reportMessages.dateInvalid)
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    reportMessages.dateInvalid,
  );

export const MAX_REPORT_DAYS = 731;

/** A date range in East Africa Time, both days included. Without one: the last twelve months up to today. */
export const reportRangeQuery = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .superRefine((value, ctx) => {
    if (!value.from || !value.to) return;
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: reportMessages.rangeOrder });
    else if (days > MAX_REPORT_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: reportMessages.rangeTooLong });
  });
export type ReportRangeQuery = z.infer<typeof reportRangeQuery>;

/**
 * The per-tutor tables (sessions by tutor, utilisation) hold the busiest `tutor_limit` active tutors (default
 * 100, at most 1,000; decision 241); `tutors_total` says how many active tutors there are. The CSV export holds
 * every one.
 */
export const REPORT_TUTOR_LIMIT = 100;
export const MAX_REPORT_TUTOR_LIMIT = 1000;
export const reportTutorLimitMessage = `Choose a tutor limit from 1 to ${MAX_REPORT_TUTOR_LIMIT}.`;

/** GET /api/admin/reports/: the range, and how many tutors the per-tutor tables hold. */
export const reportQuery = z.intersection(
  reportRangeQuery,
  z.object({
    tutor_limit: z.coerce
      .number({ error: reportTutorLimitMessage })
      .int(reportTutorLimitMessage)
      .min(1, reportTutorLimitMessage)
      .max(MAX_REPORT_TUTOR_LIMIT, reportTutorLimitMessage)
      .optional(),
  }),
);
export type ReportQuery = z.infer<typeof reportQuery>;

export const reportTables = [
  'revenue',
  'sessions_by_subject',
  'sessions_by_tutor',
  'utilisation',
  'new_families',
  'cancellations',
] as const;
export type ReportTable = (typeof reportTables)[number];

export const reportExportQuery = z.intersection(
  reportRangeQuery,
  z.object({ table: z.enum(reportTables, { error: reportMessages.tableUnknown }) }),
);

export const revenueRow = z.object({
  month: z.string(),
  currency: z.string(),
  paid_cents: z.number().int(),
  refunded_cents: z.number().int(),
  net_cents: z.number().int(),
  payments: z.number().int(),
});
export const sessionsBySubjectRow = z.object({
  subject: z.string(),
  sessions: z.number().int(),
  hours: z.number(),
});
export const sessionsByTutorRow = z.object({
  tutor_id: z.number().int(),
  tutor_name: z.string(),
  sessions: z.number().int(),
  hours: z.number(),
});
export const utilisationRow = z.object({
  tutor_id: z.number().int(),
  tutor_name: z.string(),
  booked_hours: z.number(),
  offered_hours: z.number(),
  /** Booked over offered, 0–1 (null when nothing was offered). */
  utilisation: z.number().nullable(),
});
export const newFamiliesRow = z.object({ month: z.string(), families: z.number().int() });
export const cancellationsRow = z.object({
  month: z.string(),
  sessions_cancelled: z.number().int(),
  reservations_cancelled: z.number().int(),
});

/** GET /api/admin/reports/ */
export const adminReport = z.object({
  from: z.string(),
  to: z.string(),
  revenue: z.array(revenueRow),
  sessions_by_subject: z.array(sessionsBySubjectRow),
  sessions_by_tutor: z.array(sessionsByTutorRow),
  utilisation: z.array(utilisationRow),
  new_families: z.array(newFamiliesRow),
  cancellations: z.array(cancellationsRow),
  /** How many active tutors there are (the per-tutor tables hold at most `tutor_limit` of them). */
  tutors_total: z.number().int().optional(),
});
export type AdminReport = z.infer<typeof adminReport>;
export type RevenueRow = z.infer<typeof revenueRow>;

/** Every month label (YYYY-MM) between two dates, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}
