import {
  addMonths,
  reconciliationIssues as issues,
  type MoneyMonth,
  type MoneyReport,
  type MoneyReportQuery,
  type Reconciliation,
  type ReconciliationProblem,
} from '@tibeb/domain/ledger/admin-ledger';
import { collectedPaymentStatuses, statusIn } from '@tibeb/domain/bookings/statuses';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { snapshotCached } from '../../reporting/index.ts';
import * as repo from './reconciliation.repository.ts';

const EAT_OFFSET_MS = 3 * 3_600_000;
/** The month (YYYY-MM) of an instant in East Africa Time (UTC+3 all year). */
export const eatMonth = (at: Date) => new Date(at.getTime() + EAT_OFFSET_MS).toISOString().slice(0, 7);

const n = (v: unknown) => Number(v ?? 0);
const at = (v: Date | string | null) => (v === null ? null : new Date(v));

/**
 * The money per currency and month (EAT), from the ledger; every currency the ledger had by a month appears in
 * it (its payable carries over), zeros included. `months` is ordered by month, then currency.
 */
export function moneyMonths(rows: readonly repo.MonthSumsRow[], from: string, to: string): MoneyMonth[] {
  const out: MoneyMonth[] = [];
  const payable = new Map<string, number>();
  const byKey = new Map(rows.map((r) => [`${r.month} ${r.currency}`, r]));
  // Everything before the range only adds to the payable it starts with.
  for (const r of rows) {
    if (r.month < from) payable.set(r.currency, (payable.get(r.currency) ?? 0) + n(r.payable_change));
  }
  for (let month = from; month <= to; month = addMonths(month, 1)) {
    for (const r of rows) if (r.month === month && !payable.has(r.currency)) payable.set(r.currency, 0);
    for (const currency of [...payable.keys()].sort()) {
      const r = byKey.get(`${month} ${currency}`);
      const end = (payable.get(currency) ?? 0) + n(r?.payable_change);
      payable.set(currency, end);
      out.push({
        month,
        currency,
        revenue_cents: n(r?.revenue),
        refunds_cents: n(r?.refunds),
        commission_cents: n(r?.commission),
        tutors_earned_cents: n(r?.earned),
        tutors_paid_cents: n(r?.paid),
        tutors_payable_cents: end,
      });
    }
  }
  return out;
}

export type ReconcileInput = {
  startedAt: Date | null;
  payments: readonly repo.PaymentCheckRow[];
  refunds: readonly repo.RefundCheckRow[];
  returnedByRefund: readonly repo.ReturnedRow[];
  returnedBySession: readonly repo.ReturnedRow[];
  payouts: readonly repo.PayoutCheckRow[];
  unbalanced: readonly repo.UnbalancedRow[];
  transactions: number;
};

/**
 * The reconciliation rules (decision 233), as a pure function of what was read: it lists what does not match
 * and never throws.
 *
 * - A collected payment has its `payment` transaction, which received the payment's amount on family_payments
 *   in its currency; a payment that did not succeed has none. A payment without one, made before the first
 *   ledger transaction was written, is counted as "before the ledger" instead.
 * - A pending or succeeded refund is returned in the ledger: its own `refund`/`chargeback` transaction, or, for
 *   a lesson's cancellation, the lesson's `session_cancelled_refund` transaction, which returns the lesson's
 *   refunds together; a failed refund returns nothing. Refunds before the ledger are counted apart.
 * - A payout was sent (`payout`); paid: the ledger paid its amount and holds nothing in transit; pending or
 *   processing: its amount is in transit; failed: nothing is in transit or paid.
 * - Every transaction has entries that sum to zero per currency.
 */
export function reconcile(input: ReconcileInput): Reconciliation {
  const problems: ReconciliationProblem[] = [];
  let checked = 0;
  const before = { payments: 0, refunds: 0, totals: new Map<string, { paid: number; refunded: number }>() };
  const beforeLedger = (when: Date | null) =>
    when !== null && (input.startedAt === null || when.getTime() < input.startedAt.getTime());
  const total = (currency: string) => {
    const t = before.totals.get(currency) ?? { paid: 0, refunded: 0 };
    before.totals.set(currency, t);
    return t;
  };

  for (const p of input.payments) {
    const amount = n(p.amount_cents);
    const txs = n(p.transactions);
    const ledger = n(p.ledger_cents);
    const collected = statusIn(collectedPaymentStatuses, p.status) && p.paid_at !== null;
    const base = {
      kind: 'payment' as const,
      id: p.id,
      reservation_id: p.reservation_id,
      amount_cents: amount,
    };
    if (!collected) {
      checked += 1;
      if (txs > 0 && ledger !== 0)
        problems.push({
          ...base,
          currency: p.currency,
          ledger_amount_cents: ledger,
          issue: issues.paymentNotCollected,
        });
      continue;
    }
    if (txs === 0 && beforeLedger(at(p.paid_at))) {
      before.payments += 1;
      total(p.currency).paid += amount;
      continue;
    }
    checked += 1;
    if (txs === 0)
      problems.push({
        ...base,
        currency: p.currency,
        ledger_amount_cents: null,
        issue: issues.paymentMissing,
      });
    else if (ledger !== amount)
      problems.push({
        ...base,
        currency: p.currency,
        ledger_amount_cents: ledger,
        issue: issues.paymentAmount,
      });
  }

  const returned = (rows: readonly repo.ReturnedRow[]) =>
    new Map(rows.map((r) => [`${r.key} ${r.currency}`, { txs: n(r.transactions), cents: n(r.returned) }]));
  const byRefund = returned(input.returnedByRefund);
  const bySession = returned(input.returnedBySession);
  // A lesson's cancellation refunds, together (one ledger transaction returns them all).
  const lessonRefunds = new Map<string, repo.RefundCheckRow[]>();
  for (const f of input.refunds) {
    if (f.session_id === null || f.status === 'failed' || byRefund.has(`${f.id} ${f.currency}`)) continue;
    const key = `${f.session_id} ${f.currency}`;
    lessonRefunds.set(key, [...(lessonRefunds.get(key) ?? []), f]);
  }
  for (const f of input.refunds) {
    const amount = n(f.amount_cents);
    const own = byRefund.get(`${f.id} ${f.currency}`);
    const base = {
      kind: 'refund' as const,
      id: f.id,
      reservation_id: f.reservation_id,
      currency: f.currency,
    };
    if (f.status === 'failed') {
      checked += 1;
      if (own && own.cents !== 0)
        problems.push({
          ...base,
          amount_cents: amount,
          ledger_amount_cents: own.cents,
          issue: issues.refundFailed,
        });
      continue;
    }
    if (own) {
      checked += 1;
      if (own.cents !== amount)
        problems.push({
          ...base,
          amount_cents: amount,
          ledger_amount_cents: own.cents,
          issue: issues.refundAmount,
        });
      continue;
    }
    const lessonKey = f.session_id === null ? null : `${f.session_id} ${f.currency}`;
    const lesson = lessonKey === null ? undefined : bySession.get(lessonKey);
    if (lesson && lessonKey !== null) {
      checked += 1;
      const group = lessonRefunds.get(lessonKey) ?? [f];
      // The lesson's refunds are compared once, on the first of them.
      if (group[0]?.id !== f.id) continue;
      const groupCents = group.reduce((s, g) => s + n(g.amount_cents), 0);
      if (lesson.cents !== groupCents)
        problems.push({
          ...base,
          amount_cents: groupCents,
          ledger_amount_cents: lesson.cents,
          issue: issues.refundAmount,
        });
      continue;
    }
    if (beforeLedger(at(f.created_at))) {
      before.refunds += 1;
      total(f.currency).refunded += amount;
      continue;
    }
    checked += 1;
    problems.push({ ...base, amount_cents: amount, ledger_amount_cents: null, issue: issues.refundMissing });
  }

  for (const po of input.payouts) {
    checked += 1;
    const amount = n(po.amount_cents);
    const inTransit = n(po.in_transit);
    const paid = n(po.paid);
    const base = {
      kind: 'payout' as const,
      id: po.id,
      reservation_id: null,
      amount_cents: amount,
      currency: po.currency,
    };
    if (n(po.sent) === 0) {
      problems.push({ ...base, ledger_amount_cents: null, issue: issues.payoutMissing });
    } else if (po.status === 'paid') {
      if (paid === 0) problems.push({ ...base, ledger_amount_cents: null, issue: issues.payoutPaidMissing });
      else if (paid !== amount)
        problems.push({ ...base, ledger_amount_cents: paid, issue: issues.payoutPaidAmount });
      else if (inTransit !== 0)
        problems.push({ ...base, ledger_amount_cents: inTransit, issue: issues.payoutStillInTransit });
    } else if (po.status === 'failed') {
      if (inTransit !== 0 || paid !== 0)
        problems.push({ ...base, ledger_amount_cents: inTransit, issue: issues.payoutFailedNotReturned });
    } else if (inTransit !== amount) {
      problems.push({ ...base, ledger_amount_cents: inTransit, issue: issues.payoutInTransitAmount });
    }
  }

  checked += input.transactions;
  for (const t of input.unbalanced) {
    const empty = n(t.entries) === 0;
    problems.push({
      kind: 'transaction',
      id: t.id,
      reservation_id: t.reservation_id,
      amount_cents: empty ? 0 : n(t.total),
      currency: t.currency ?? '',
      ledger_amount_cents: empty ? null : n(t.total),
      issue: empty ? issues.transactionEmpty : issues.transactionUnbalanced,
    });
  }

  return {
    checked,
    problems,
    before_ledger: {
      payments: before.payments,
      refunds: before.refunds,
      totals: [...before.totals.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, t]) => ({ currency, paid_cents: t.paid, refunded_cents: t.refunded })),
    },
    ledger_started_at: input.startedAt?.toISOString() ?? null,
  };
}

/** Reads everything the reconciliation compares (the whole history, not only the report's months). */
export async function reconciliation(db: DbOrTx): Promise<Reconciliation> {
  const [startedAt, payments, refunds, byRefund, bySession, payouts, unbalanced] = await Promise.all([
    repo.ledgerStartedAt(db),
    repo.paymentsToCheck(db),
    repo.refundsToCheck(db),
    repo.returnedByRefund(db),
    repo.returnedBySession(db),
    repo.payoutsToCheck(db),
    repo.unbalancedTransactions(db),
  ]);
  return reconcile({
    startedAt,
    payments,
    refunds,
    returnedByRefund: byRefund,
    returnedBySession: bySession,
    payouts,
    unbalanced: unbalanced.rows,
    transactions: unbalanced.count,
  });
}

/** GET /api/admin/reports/money/: the months (default: the twelve up to this one, EAT) and the reconciliation. */
export async function moneyReport(
  db: DbOrTx,
  query: MoneyReportQuery,
  now = new Date(),
): Promise<MoneyReport> {
  const to = query.to ?? (query.from ? addMonths(query.from, 11) : eatMonth(now));
  const from = query.from ?? addMonths(to, -11);
  // It reads the whole ledger and every payment, refund and payout: kept while the data is the same, and shared
  // by equal requests at the same time (decision 241).
  return snapshotCached(db, `money|${from}|${to}`, async () => {
    const rows = await repo.monthSums(db);
    return { from, to, months: moneyMonths(rows, from, to), reconciliation: await reconciliation(db) };
  });
}
