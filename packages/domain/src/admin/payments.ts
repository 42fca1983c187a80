import { z } from 'zod';
import { paymentProviders, paymentStatuses } from '../payments/contracts.ts';

export const adminPaymentListMessages = {
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  rangeOrder: 'The end date must be on or after the start date.',
  currency: 'Enter a three-letter currency code.',
  page: 'Page must be a whole number of at least 1.',
} as const;
const m = adminPaymentListMessages;

const isoDate = z
  .string({ error: m.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.dateInvalid)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, m.dateInvalid);

/** GET /api/admin/payments/ledger/ (and its CSV export): filters; dates are East Africa Time, both included. */
export const adminPaymentListQuery = z
  .object({
    status: z.enum(paymentStatuses).optional(),
    provider: z.enum(paymentProviders).optional(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, m.currency)
      .optional(),
    q: z.string().trim().max(200, 'Search text must be at most 200 characters.').optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    page: z.coerce.number({ error: m.page }).int(m.page).min(1, m.page).max(100_000, m.page).optional(),
    page_size: z.coerce.number().int().min(1).max(100).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: m.rangeOrder });
  });
export type AdminPaymentListQuery = z.infer<typeof adminPaymentListQuery>;

export const ledgerPayment = z.object({
  id: z.string(),
  reservation_id: z.string(),
  provider: z.enum(paymentProviders),
  status: z.enum(paymentStatuses),
  amount_cents: z.number().int(),
  refunded_cents: z.number().int(),
  /** What can still be refunded. */
  refundable_cents: z.number().int(),
  currency: z.string(),
  full_name: z.string(),
  email: z.string(),
  tutor_name: z.string(),
  subject: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type LedgerPayment = z.infer<typeof ledgerPayment>;

/** Totals of every payment matching the filters (not only the page), per currency. */
export const ledgerTotal = z.object({
  currency: z.string(),
  payments: z.number().int(),
  paid_cents: z.number().int(),
  refunded_cents: z.number().int(),
  net_cents: z.number().int(),
});
export type LedgerTotal = z.infer<typeof ledgerTotal>;

export const adminPaymentList = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(ledgerPayment),
  totals: z.array(ledgerTotal),
});
export type AdminPaymentList = z.infer<typeof adminPaymentList>;
