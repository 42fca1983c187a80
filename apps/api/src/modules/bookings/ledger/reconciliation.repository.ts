import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../platform/db/client.ts';

// The money report and the reconciliation (decision 233): reads over the ledger and the payments, refunds and
// payouts it records. Sums come back as strings on PostgreSQL and numbers on PGlite: the service converts them.

const TZ = 'Africa/Addis_Ababa';

type Num = number | string;

/** When the first ledger transaction was written (null when none was). */
export async function ledgerStartedAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    db,
    sql`select min(created_at) as at from ledger_transactions`,
  );
  return row?.at ? new Date(row.at) : null;
}

export type MonthSumsRow = {
  month: string;
  currency: string;
  revenue: Num;
  refunds: Num;
  commission: Num;
  earned: Num;
  paid: Num;
  payable_change: Num;
};

/**
 * Every month (EAT) and currency with entries, over the whole ledger (the payable at a month's end is the sum of
 * every change before it). Debit positive: the credit accounts are negated.
 */
export function monthSums(db: DbOrTx) {
  return queryRows<MonthSumsRow>(
    db,
    sql`select to_char(t.occurred_at at time zone ${TZ}, 'YYYY-MM') as month, e.currency,
          coalesce(sum(e.amount_cents) filter (where e.account = 'family_payments'), 0) as revenue,
          coalesce(-sum(e.amount_cents) filter (where e.account = 'refunds'), 0) as refunds,
          coalesce(-sum(e.amount_cents) filter (where e.account = 'platform_commission'), 0) as commission,
          coalesce(-sum(e.amount_cents) filter (where e.account = 'tutor_payable'
            and t.kind not in ('payout', 'payout_paid', 'payout_failed')), 0) as earned,
          coalesce(-sum(e.amount_cents) filter (where e.account = 'payouts_paid'), 0) as paid,
          coalesce(-sum(e.amount_cents) filter (where e.account in ('tutor_payable', 'payouts_in_transit')), 0)
            as payable_change
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        group by 1, 2 order by 1, 2`,
  );
}

export type PaymentCheckRow = {
  id: string;
  reservation_id: string;
  status: string;
  amount_cents: Num;
  currency: string;
  paid_at: Date | string | null;
  transactions: Num;
  ledger_cents: Num;
};

/**
 * Payments with money (not the credit-only ones, whose amount is 0) that were paid or that the ledger records,
 * with their `payment` transactions and what those received on family_payments in the payment's currency.
 */
export function paymentsToCheck(db: DbOrTx) {
  return queryRows<PaymentCheckRow>(
    db,
    sql`select p.id, p.reservation_id, p.status, p.amount_cents, p.currency, p.paid_at,
          coalesce(l.transactions, 0) as transactions, coalesce(l.ledger_cents, 0) as ledger_cents
        from payments p
        left join (
          select t.payment_id, count(distinct t.id) as transactions,
            sum(e.amount_cents) filter (where e.account = 'family_payments' and e.currency = pp.currency)
              as ledger_cents
          from ledger_transactions t
          join payments pp on pp.id = t.payment_id
          left join ledger_entries e on e.transaction_id = t.id
          where t.kind = 'payment'
          group by t.payment_id
        ) l on l.payment_id = p.id
        where p.provider <> 'credit' and (p.paid_at is not null or l.payment_id is not null)
        order by p.created_at, p.id`,
  );
}

export type RefundCheckRow = {
  id: string;
  payment_id: string;
  reservation_id: string;
  status: string;
  amount_cents: Num;
  currency: string;
  session_id: string | null;
  created_at: Date | string;
};

/** Every refund, in its payment's currency (a refund is always in it). */
export function refundsToCheck(db: DbOrTx) {
  return queryRows<RefundCheckRow>(
    db,
    sql`select f.id, f.payment_id, p.reservation_id, f.status, f.amount_cents, p.currency, f.session_id,
          f.created_at
        from refunds f join payments p on p.id = f.payment_id
        order by f.created_at, f.id`,
  );
}

export type ReturnedRow = { key: string; currency: string; transactions: Num; returned: Num };

/** Money returned per refund id (kinds refund and chargeback) and currency, as the `refunds` account records it. */
export function returnedByRefund(db: DbOrTx) {
  return queryRows<ReturnedRow>(
    db,
    sql`select t.refund_id::text as key, e.currency, count(distinct t.id) as transactions,
          coalesce(-sum(e.amount_cents) filter (where e.account = 'refunds'), 0) as returned
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where t.refund_id is not null and t.kind in ('refund', 'chargeback')
        group by 1, 2`,
  );
}

/** Money returned per cancelled lesson (kind session_cancelled_refund: one transaction for the lesson's refunds). */
export function returnedBySession(db: DbOrTx) {
  return queryRows<ReturnedRow>(
    db,
    sql`select t.session_id::text as key, e.currency, count(distinct t.id) as transactions,
          coalesce(-sum(e.amount_cents) filter (where e.account = 'refunds'), 0) as returned
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where t.session_id is not null and t.kind = 'session_cancelled_refund'
        group by 1, 2`,
  );
}

export type PayoutCheckRow = {
  id: string;
  status: string;
  amount_cents: Num;
  currency: string;
  sent: Num;
  in_transit: Num;
  paid: Num;
};

/** Every payout, with its `payout` transactions, what the ledger holds in transit for it and what it paid. */
export function payoutsToCheck(db: DbOrTx) {
  return queryRows<PayoutCheckRow>(
    db,
    sql`select po.id, po.status, po.amount_cents, po.currency,
          coalesce(l.sent, 0) as sent, coalesce(l.in_transit, 0) as in_transit, coalesce(l.paid, 0) as paid
        from payouts po
        left join (
          select t.payout_id, count(distinct t.id) filter (where t.kind = 'payout') as sent,
            -sum(e.amount_cents) filter (where e.account = 'payouts_in_transit' and e.currency = pp.currency)
              as in_transit,
            -sum(e.amount_cents) filter (where e.account = 'payouts_paid' and e.currency = pp.currency) as paid
          from ledger_transactions t
          join payouts pp on pp.id = t.payout_id
          join ledger_entries e on e.transaction_id = t.id
          group by t.payout_id
        ) l on l.payout_id = po.id
        order by po.created_at, po.id`,
  );
}

export type UnbalancedRow = {
  id: string;
  reservation_id: string | null;
  currency: string | null;
  total: Num | null;
  entries: Num;
};

/**
 * Transactions whose entries do not sum to zero in a currency, or that have no entries (the database refuses
 * both at commit; this is the check that it did), and how many transactions there are.
 */
export async function unbalancedTransactions(db: DbOrTx) {
  const rows = await queryRows<UnbalancedRow>(
    db,
    sql`select t.id, t.reservation_id, e.currency, sum(e.amount_cents) as total, count(e.id) as entries
        from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
        group by t.id, t.reservation_id, e.currency
        having count(e.id) = 0 or sum(e.amount_cents) <> 0
        order by t.id`,
  );
  const [count] = await queryRows<{ n: Num }>(db, sql`select count(*) as n from ledger_transactions`);
  return { rows, count: Number(count?.n ?? 0) };
}
