import { z } from 'zod';
import { ledgerAccounts, ledgerTransactionKinds } from './accounts.ts';

/**
 * The admin's ledger (issue 27 item 3) and the money report with its reconciliation (item 5): contract D.
 * Dates and months are East Africa Time (Africa/Addis_Ababa). Decisions 232 (the ledger) and 233 (reconciliation).
 */
export const adminLedgerMessages = {
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  monthInvalid: 'Enter a month as YYYY-MM.',
  rangeOrder: 'The end date must be on or after the start date.',
  monthOrder: 'The last month must be on or after the first.',
  monthRange: 'Choose at most 24 months.',
  tutor: 'Enter a valid tutor id.',
  kind: 'Choose one of the transaction kinds.',
  page: 'Page must be a whole number of at least 1.',
} as const;
const m = adminLedgerMessages;

/** Transactions per page of the admin ledger. */
export const ADMIN_LEDGER_PAGE_SIZE = 50;
/** The longest money report, in months. */
export const MAX_MONEY_REPORT_MONTHS = 24;

const isoDate = z
  .string({ error: m.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.dateInvalid)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, m.dateInvalid);

const isoMonth = z
  .string({ error: m.monthInvalid })
  .regex(/^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/, m.monthInvalid);

/** How many months from `from` to `to`, both included (1 for the same month, 0 or less when `to` is earlier). */
export function monthsBetween(from: string, to: string): number {
  const a = Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7));
  const b = Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7));
  return b - a + 1;
}

/** The month `n` months after `month` (YYYY-MM; n may be negative). */
export function addMonths(month: string, n: number): string {
  const i = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/** GET /api/admin/ledger/ and its CSV export: tutor, dates (EAT, both included), kind, page. */
export const adminLedgerQuery = z
  .object({
    tutor: z.coerce
      .number({ error: m.tutor })
      .int(m.tutor)
      .min(1, m.tutor)
      .max(2_147_483_647, m.tutor)
      .optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    kind: z.enum(ledgerTransactionKinds, { error: m.kind }).optional(),
    page: z.coerce.number({ error: m.page }).int(m.page).min(1, m.page).max(100_000, m.page).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: m.rangeOrder });
  });
export type AdminLedgerQuery = z.infer<typeof adminLedgerQuery>;

/** One entry: debit positive, credit negative, integer cents of its currency. */
export const adminLedgerEntry = z.object({
  account: z.enum(ledgerAccounts),
  tutor_id: z.number().int().nullable(),
  currency: z.string(),
  amount_cents: z.number().int(),
  /** tutor_payable only: when it stops being pending. */
  available_at: z.string().nullable(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntry>;

export const adminLedgerTransaction = z.object({
  id: z.string(),
  kind: z.enum(ledgerTransactionKinds),
  occurred_at: z.string(),
  memo: z.string(),
  /** The tutor it concerns (null for a family-only movement); the name is '' when the tutor was deleted. */
  tutor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reservation_id: z.string().nullable(),
  session_id: z.string().nullable(),
  payment_id: z.string().nullable(),
  refund_id: z.string().nullable(),
  payout_id: z.string().nullable(),
  entries: z.array(adminLedgerEntry),
});
export type AdminLedgerTransaction = z.infer<typeof adminLedgerTransaction>;

/** Newest first, ADMIN_LEDGER_PAGE_SIZE a page. */
export const adminLedgerList = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(adminLedgerTransaction),
});
export type AdminLedgerList = z.infer<typeof adminLedgerList>;

/** The CSV export's columns: one row per entry, its transaction's fields repeated (decision 232). */
export const adminLedgerCsvColumns = [
  'transaction_id',
  'occurred_at',
  'kind',
  'tutor_id',
  'tutor',
  'account',
  'entry_tutor_id',
  'currency',
  'debit',
  'credit',
  'available_at',
  'reservation_id',
  'session_id',
  'payment_id',
  'refund_id',
  'payout_id',
  'memo',
] as const;

/** GET /api/admin/reports/money/: months in EAT, both included; without them the twelve months up to this one. */
export const moneyReportQuery = z
  .object({ from: isoMonth.optional(), to: isoMonth.optional() })
  .superRefine((v, ctx) => {
    if (!v.from || !v.to) return;
    const n = monthsBetween(v.from, v.to);
    if (n < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: m.monthOrder });
    else if (n > MAX_MONEY_REPORT_MONTHS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: m.monthRange });
  });
export type MoneyReportQuery = z.infer<typeof moneyReportQuery>;

/**
 * One currency in one month, from the ledger (decision 233): revenue = family payments received; refunds =
 * money returned (refunds and chargebacks); commission = the platform's share, net of reversals; tutors earned =
 * credited to tutors by held sessions, net of reversals; tutors paid = payouts confirmed; tutors payable = what
 * the platform owes tutors at the month's end (pending + available + in transit).
 */
export const moneyMonth = z.object({
  month: z.string(),
  currency: z.string(),
  revenue_cents: z.number().int(),
  refunds_cents: z.number().int(),
  commission_cents: z.number().int(),
  tutors_earned_cents: z.number().int(),
  tutors_paid_cents: z.number().int(),
  tutors_payable_cents: z.number().int(),
});
export type MoneyMonth = z.infer<typeof moneyMonth>;

export const reconciliationProblemKinds = ['payment', 'refund', 'payout', 'transaction'] as const;
export type ReconciliationProblemKind = (typeof reconciliationProblemKinds)[number];

/** The reconciliation's findings, in plain words (the web translates them like any message). */
export const reconciliationIssues = {
  paymentMissing: 'No ledger transaction records this payment.',
  paymentAmount: 'The ledger records a different amount received for this payment.',
  paymentNotCollected: 'The ledger records money received for a payment that did not succeed.',
  refundMissing: 'No ledger transaction records this refund.',
  refundAmount: 'The ledger records a different amount returned for this refund.',
  refundFailed: 'The ledger records money returned for a refund that failed.',
  payoutMissing: 'No ledger transaction records this payout.',
  payoutPaidMissing: 'The payout is paid, but the ledger does not record it as paid.',
  payoutPaidAmount: 'The ledger records a different amount paid for this payout.',
  payoutStillInTransit: 'The payout is settled, but the ledger still shows money in transit for it.',
  payoutInTransitAmount: 'The ledger does not show this payout’s amount in transit.',
  payoutFailedNotReturned: 'The payout failed, but the ledger does not return its amount to the tutor.',
  transactionUnbalanced: 'This transaction’s entries do not add up to zero.',
  transactionEmpty: 'This transaction has no entries.',
} as const;

export const reconciliationProblem = z.object({
  kind: z.enum(reconciliationProblemKinds),
  /** The payment's, refund's, payout's or (kind transaction) the ledger transaction's id. */
  id: z.string(),
  reservation_id: z.string().nullable(),
  /** The payment's, refund's or payout's own amount (kind transaction: how far its entries are off zero). */
  amount_cents: z.number().int(),
  currency: z.string(),
  /** What the ledger records for it in that currency (null: nothing). */
  ledger_amount_cents: z.number().int().nullable(),
  /** One of reconciliationIssues. */
  issue: z.string(),
});
export type ReconciliationProblem = z.infer<typeof reconciliationProblem>;

export const reconciliation = z.object({
  /** Payments, refunds, payouts and transactions checked (those before the ledger are not). */
  checked: z.number().int(),
  problems: z.array(reconciliationProblem),
  /**
   * Money recorded before the ledger existed (e.g. demo data): payments and refunds dated before the first ledger
   * transaction was written, without one of their own. Counted here, not listed as problems (decision 233).
   */
  before_ledger: z.object({
    payments: z.number().int(),
    refunds: z.number().int(),
    totals: z.array(
      z.object({ currency: z.string(), paid_cents: z.number().int(), refunded_cents: z.number().int() }),
    ),
  }),
  /** When the first ledger transaction was written (null: nothing posted yet). */
  ledger_started_at: z.string().nullable(),
});
export type Reconciliation = z.infer<typeof reconciliation>;

export const moneyReport = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(moneyMonth),
  reconciliation,
});
export type MoneyReport = z.infer<typeof moneyReport>;
