import type { AdminPaymentList, AdminPaymentListQuery, LedgerPayment } from '@tibeb/domain/admin/payments';
import { centsToDecimal, toCsv } from '@tibeb/domain/reports/csv';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './admin-payments.repository.ts';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const REFUNDABLE = new Set(['paid', 'partially_refunded']);

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
      REFUNDABLE.has(row.status) && row.provider !== 'credit' ? Math.max(0, amount - refunded) : 0,
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
  const totals = await repo.countAndTotals(db, query);
  const rows = await repo.listPayments(db, query, pageSize, (page - 1) * pageSize);
  return {
    count: totals.reduce((n, t) => n + t.payments, 0),
    page,
    page_size: pageSize,
    results: rows.map(toPayment),
    totals: totals.map((t) => ({ ...t, net_cents: t.paid_cents - t.refunded_cents })),
  };
}

/** Every payment matching the filters as CSV (amounts as decimals with their currency). */
export async function paymentsCsv(db: DbOrTx, query: AdminPaymentListQuery): Promise<string> {
  const rows = (await repo.listPayments(db, query, null, 0)).map(toPayment);
  return toCsv(
    [
      'id',
      'created_at',
      'paid_at',
      'status',
      'provider',
      'currency',
      'amount',
      'refunded',
      'family',
      'email',
      'tutor',
      'subject',
      'reservation_id',
    ],
    rows.map((p) => [
      p.id,
      p.created_at,
      p.paid_at ?? '',
      p.status,
      p.provider,
      p.currency,
      centsToDecimal(p.amount_cents),
      centsToDecimal(p.refunded_cents),
      p.full_name,
      p.email,
      p.tutor_name,
      p.subject,
      p.reservation_id,
    ]),
  );
}
