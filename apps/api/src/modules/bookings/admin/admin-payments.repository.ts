import { sql, type SQL } from 'drizzle-orm';
import { queryRows, sqlList, type DbOrTx } from '../../../platform/db/client.ts';
import type { AdminPaymentListQuery } from '@tibeb/domain/admin/payments';
import { openRefundStatuses } from '@tibeb/domain/admin/refunds';
import { paymentReadColumns, type PaymentReadRow } from '../payments/payments.repository.ts';

// The admin's payments list: a read over payments, their reservation and tutor. Writes (refunds) belong to the
// payments module.

const TZ = 'Africa/Addis_Ababa';

export type LedgerRow = PaymentReadRow & {
  full_name: string;
  email: string;
  tutor_name: string | null;
  subject: string;
  created_at: Date | string;
  paid_at: Date | string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The payments a search finds (decision 243): those of the reservations whose family name, e-mail or student
 * name holds `q` (`%`, `_` and `\` taken literally; the trigram index reservations_search_idx), or whose tutor's
 * name does (tutors_admin_search_idx), and the payment with this id or provider session id. Each part is read
 * through its own index; nothing reads every payment.
 */
function searched(q: string): SQL {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`select x.id from payments x where x.reservation_id in (
               select r.id from reservations r
                where r.full_name ilike ${like} or r.email ilike ${like} or r.student_full_name ilike ${like}
               union all
               select r.id from reservations r join tutors t on t.id = r.tutor_id where t.full_name ilike ${like})
             union all select x.id from payments x where x.provider_session_id = ${q}
             ${UUID.test(q) ? sql`union all select ${q}::uuid` : sql``}`;
}

function where(query: AdminPaymentListQuery): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.status) parts.push(sql`p.status = ${query.status}`);
  if (query.provider) parts.push(sql`p.provider = ${query.provider}`);
  if (query.currency) parts.push(sql`p.currency = ${query.currency}`);
  if (query.q) parts.push(sql`p.id in (${searched(query.q)})`);
  if (query.from) parts.push(sql`p.created_at >= ((${query.from})::date::timestamp at time zone ${TZ})`);
  if (query.to) parts.push(sql`p.created_at < (((${query.to})::date + 1)::timestamp at time zone ${TZ})`);
  return sql.join(parts, sql` and `);
}

const FROM = sql`from payments p`;

/**
 * Payments newest first (then by id). A page's ids come first, from the payments alone in the order of an index
 * (created_at desc, id; after the status filter too; a search is a set of ids: decision 243), then only those
 * rows are joined (decision 241). Without a limit: every match (the CSV export).
 */
export function listPayments(db: DbOrTx, query: AdminPaymentListQuery, limit: number | null, offset: number) {
  return queryRows<LedgerRow>(
    db,
    sql`with page as (
          select p.id, p.created_at ${FROM} where ${where(query)}
          order by p.created_at desc, p.id
          ${limit === null ? sql`` : sql`limit ${limit} offset ${offset}`})
        select ${paymentReadColumns}, r.full_name, r.email, t.full_name as tutor_name, r.subject,
          p.created_at, p.paid_at
        from page x join payments p on p.id = x.id
        join reservations r on r.id = p.reservation_id left join tutors t on t.id = r.tutor_id
        order by x.created_at desc, x.id`,
  );
}

/**
 * The refunds (not failed ones) of every payment the filters match, oldest first: the CSV's refund dates and reasons.
 * One read for the whole export (refunds_payment_idx), never one per payment.
 */
export function refundsOfMatches(db: DbOrTx, query: AdminPaymentListQuery) {
  return queryRows<{ payment_id: string; created_at: Date | string; reason: string; status: string }>(
    db,
    sql`select f.payment_id, f.created_at, f.reason, f.status from refunds f
        where f.status <> 'failed' and f.payment_id in (select p.id ${FROM} where ${where(query)})
        order by f.created_at, f.id`,
  );
}

export async function countAndTotals(db: DbOrTx, query: AdminPaymentListQuery) {
  const rows = await queryRows<{ currency: string; payments: unknown; paid: unknown; refunded: unknown }>(
    db,
    sql`select p.currency, count(*) as payments,
          coalesce(sum(p.amount_cents) filter (where p.paid_at is not null), 0) as paid,
          coalesce(sum(p.refunded_cents), 0) as refunded
        ${FROM} where ${where(query)} group by p.currency order by p.currency`,
  );
  return rows.map((r) => ({
    currency: r.currency,
    payments: Number(r.payments),
    paid_cents: Number(r.paid),
    refunded_cents: Number(r.refunded),
  }));
}

// Refunds not yet with the family (pending or failed): a read over refunds, their payment and reservation, in
// the payment's currency (a refund is always in it). The retry itself is the lifecycle's (`processRefunds`).

export type OpenRefundRow = {
  id: string;
  status: string;
  amount_cents: number;
  currency: string;
  reason: string;
  created_at: Date | string;
  created_by: string | null;
  payment_id: string;
  payment_status: string;
  payment_amount_cents: number;
  provider: string;
  reservation_id: string;
  full_name: string;
  email: string;
};

const OPEN_FROM = sql`from refunds f join payments p on p.id = f.payment_id
  join reservations r on r.id = p.reservation_id left join users u on u.id = f.created_by_user_id`;
const openWhere = (status: string | undefined) =>
  status ? sql`f.status = ${status}` : sql`f.status in ${sqlList(openRefundStatuses)}`;

export function listOpenRefunds(db: DbOrTx, status: string | undefined, limit: number, offset: number) {
  return queryRows<OpenRefundRow>(
    db,
    sql`select f.id, f.status, f.amount_cents, p.currency, f.reason, f.created_at, u.username as created_by,
          f.payment_id, p.status as payment_status, p.amount_cents as payment_amount_cents, p.provider,
          p.reservation_id, r.full_name, r.email
        ${OPEN_FROM} where ${openWhere(status)}
        order by f.created_at desc, f.id limit ${limit} offset ${offset}`,
  );
}

export async function openRefundTotals(db: DbOrTx, status: string | undefined) {
  const rows = await queryRows<{ currency: string; refunds: unknown; amount: unknown }>(
    db,
    sql`select p.currency, count(*) as refunds, coalesce(sum(f.amount_cents), 0) as amount
        ${OPEN_FROM} where ${openWhere(status)} group by p.currency order by p.currency`,
  );
  return rows.map((r) => ({
    currency: r.currency,
    refunds: Number(r.refunds),
    amount_cents: Number(r.amount),
  }));
}

export async function findRefund(db: DbOrTx, id: string) {
  const [row] = await queryRows<{
    id: string;
    status: string;
    payment_id: string;
    provider: string;
    amount_cents: number;
  }>(
    db,
    sql`select f.id, f.status, f.payment_id, p.provider, f.amount_cents
        from refunds f join payments p on p.id = f.payment_id where f.id = ${id}::uuid`,
  );
  return row ?? null;
}
