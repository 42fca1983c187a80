import type { AdminPaymentList, AdminPaymentListQuery, LedgerPayment } from '@tibeb/domain/admin/payments';
import {
  openRefundMessages,
  type OpenRefund,
  type OpenRefundList,
  type OpenRefundListQuery,
  type RefundRetryResponse,
} from '@tibeb/domain/admin/refunds';
import { refundablePaymentStatuses, statusIn } from '@tibeb/domain/bookings/statuses';
import { centsToDecimal, eatCsvTime, toCsv } from '@tibeb/domain/reports/csv';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { AppError, conflict, notFound } from '../../../platform/http/app-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { snapshotCached } from '../../reporting/index.ts';
import type { LifecycleDeps } from '../lifecycle/lifecycle-deps.service.ts';
import { processRefunds } from '../lifecycle/refunds.service.ts';
import * as repo from './admin-payments.repository.ts';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toPayment(row: repo.LedgerRow): LedgerPayment {
  const amount = Number(row.amount_cents);
  const refunded = Number(row.refunded_cents);
  return {
    id: row.id,
    reservation_id: row.reservation_id,
    provider: row.provider as LedgerPayment['provider'],
    status: row.status as LedgerPayment['status'],
    amount_cents: amount,
    refunded_cents: refunded,
    refundable_cents:
      statusIn(refundablePaymentStatuses, row.status) && row.provider !== 'credit'
        ? Math.max(0, amount - refunded)
        : 0,
    currency: row.currency,
    full_name: row.full_name,
    email: row.email,
    tutor_name: row.tutor_name ?? '',
    subject: row.subject,
    created_at: iso(row.created_at)!,
    paid_at: iso(row.paid_at),
  };
}

export async function listPayments(db: DbOrTx, query: AdminPaymentListQuery): Promise<AdminPaymentList> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 20;
  // The count and totals of every match (every payment without a filter), and the page, are kept while the
  // database shows the same data (exact, on any instance: decision 243); a page past the end is answered from the
  // count alone.
  const { status, provider, currency, q, from, to } = query;
  const key = JSON.stringify([status, provider, currency, q || undefined, from, to]);
  const totals = await snapshotCached(db, `payments:totals:${key}`, () => repo.countAndTotals(db, query));
  const count = totals.reduce((n, t) => n + t.payments, 0);
  const offset = (page - 1) * pageSize;
  const rows =
    offset >= count
      ? []
      : await snapshotCached(db, `payments:page:${key}:${offset}:${pageSize}`, () =>
          repo.listPayments(db, query, pageSize, offset),
        );
  return {
    count,
    page,
    page_size: pageSize,
    results: rows.map(toPayment),
    totals: totals.map((t) => ({ ...t, net_cents: t.paid_cents - t.refunded_cents })),
  };
}

/**
 * Every payment matching the filters as CSV (amounts as decimals with their currency). Times are East Africa Time
 * as the screens show them, said so in the header; each payment's refunds (not failed ones) give their dates and
 * reasons, several joined by " | " in order (decision 264). Every cell is formula-safe (`toCsv`).
 */
export async function paymentsCsv(db: DbOrTx, query: AdminPaymentListQuery): Promise<string> {
  const payments = await repo.listPayments(db, query, null, 0);
  const refunds = await repo.refundsOfMatches(db, query);
  const byPayment = new Map<string, typeof refunds>();
  for (const f of refunds) byPayment.set(f.payment_id, [...(byPayment.get(f.payment_id) ?? []), f]);
  const refundTime = (f: (typeof refunds)[number]) =>
    f.status === 'succeeded' ? eatCsvTime(f.created_at) : `${eatCsvTime(f.created_at)} (${f.status})`;
  return toCsv(
    [
      'id',
      'created_at (EAT)',
      'paid_at (EAT)',
      'status',
      'provider',
      'currency',
      'amount',
      'refunded',
      'refunded_at (EAT)',
      'refund_reason',
      'family',
      'email',
      'tutor',
      'subject',
      'reservation_id',
    ],
    payments.map((row) => {
      const p = toPayment(row);
      const own = byPayment.get(p.id) ?? [];
      return [
        p.id,
        eatCsvTime(row.created_at),
        eatCsvTime(row.paid_at),
        p.status,
        p.provider,
        p.currency,
        centsToDecimal(p.amount_cents),
        centsToDecimal(p.refunded_cents),
        own.map(refundTime).join(' | '),
        own.map((f) => f.reason.trim() || '—').join(' | '),
        p.full_name,
        p.email,
        p.tutor_name,
        p.subject,
        p.reservation_id,
      ];
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Open refunds: pending (the provider has not confirmed yet) and failed

function toOpenRefund(row: repo.OpenRefundRow, configuredProvider: string | null): OpenRefund {
  return {
    id: row.id,
    status: row.status as OpenRefund['status'],
    amount_cents: Number(row.amount_cents),
    currency: row.currency,
    reason: row.reason,
    created_at: iso(row.created_at)!,
    created_by: row.created_by ?? '',
    payment_id: row.payment_id,
    payment_status: row.payment_status as OpenRefund['payment_status'],
    payment_amount_cents: Number(row.payment_amount_cents),
    provider: row.provider as OpenRefund['provider'],
    reservation_id: row.reservation_id,
    full_name: row.full_name,
    email: row.email,
    provider_configured: configuredProvider === row.provider,
  };
}

/** Refunds not yet with the family, newest first, with totals per currency; `configuredProvider` is this server's. */
export async function listOpenRefunds(
  db: DbOrTx,
  query: OpenRefundListQuery,
  configuredProvider: string | null,
): Promise<OpenRefundList> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 20;
  const totals = await repo.openRefundTotals(db, query.status);
  const rows = await repo.listOpenRefunds(db, query.status, pageSize, (page - 1) * pageSize);
  return {
    count: totals.reduce((n, t) => n + t.refunds, 0),
    page,
    page_size: pageSize,
    results: rows.map((r) => toOpenRefund(r, configuredProvider)),
    totals,
  };
}

/**
 * An admin sends a pending refund now instead of waiting for the job: the lifecycle's `processRefunds`, with the
 * refund's own idempotency key (never paid twice, even if the job sends it at the same moment). The attempt is
 * in the payment's audit trail either way. Still pending: 409 (provider not set up here) or 503 (provider down).
 */
export async function retryRefund(
  deps: LifecycleDeps,
  actorUserId: string | null,
  id: string,
): Promise<RefundRetryResponse> {
  const m = openRefundMessages;
  const refund = await repo.findRefund(deps.db, id);
  if (!refund) throw notFound(m.notFound);
  if (refund.status !== 'pending') throw conflict(m.notPending);
  if (!deps.provider || deps.provider.name !== refund.provider) {
    throw conflict(m.providerMissing(refund.provider));
  }
  await processRefunds(deps, [id]);
  // Settled by this call, or by the job a moment before: either way the family has it.
  const now = await repo.findRefund(deps.db, id);
  const sent = now?.status === 'succeeded';
  await deps.db.transaction((tx) =>
    recordAudit(tx, {
      actorUserId,
      action: 'refund_retry',
      entityType: 'payment',
      entityId: refund.payment_id,
      before: { refund_id: id, refund_status: 'pending', refund_cents: Number(refund.amount_cents) },
      after: {
        refund_id: id,
        refund_status: now?.status ?? 'pending',
        refund_cents: Number(refund.amount_cents),
      },
    }),
  );
  if (!sent) throw new AppError(503, m.providerDown);
  return { id, status: 'succeeded', detail: m.sent };
}
