import { sql, type SQL } from 'drizzle-orm';
import type { AdminLedgerQuery } from '@tibeb/domain/ledger/admin-ledger';
import { queryRows, type DbOrTx } from '../../../platform/db/client.ts';

// The admin's ledger: a read over ledger_transactions and their entries, with the tutor's name (decision 232).

const TZ = 'Africa/Addis_Ababa';

export type LedgerTransactionRow = {
  id: string;
  kind: string;
  occurred_at: Date | string;
  memo: string;
  tutor_id: number | null;
  tutor_name: string | null;
  reservation_id: string | null;
  session_id: string | null;
  payment_id: string | null;
  refund_id: string | null;
  payout_id: string | null;
};

export type LedgerEntryRow = {
  transaction_id: string;
  account: string;
  tutor_id: number | null;
  currency: string;
  amount_cents: number | string;
  available_at: Date | string | null;
};

/** The filters: a tutor's transactions (theirs, or with an entry on their accounts), EAT dates, a kind. */
function where(query: AdminLedgerQuery): SQL {
  const parts: SQL[] = [sql`true`];
  // Two index reads (the transactions' tutor, the entries' tutor) instead of an `or` that reads every
  // transaction (decision 241).
  if (query.tutor !== undefined)
    parts.push(
      sql`t.id in (select y.id from ledger_transactions y where y.tutor_id = ${query.tutor}
             union select x.transaction_id from ledger_entries x where x.tutor_id = ${query.tutor})`,
    );
  if (query.kind) parts.push(sql`t.kind = ${query.kind}`);
  if (query.from) parts.push(sql`t.occurred_at >= ((${query.from})::date::timestamp at time zone ${TZ})`);
  if (query.to) parts.push(sql`t.occurred_at < (((${query.to})::date + 1)::timestamp at time zone ${TZ})`);
  return sql.join(parts, sql` and `);
}

/** How many transactions match; with `cap`, counted up to it only (a narrow filter's count costs its matches). */
export async function countTransactions(db: DbOrTx, query: AdminLedgerQuery, cap?: number): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    db,
    cap === undefined
      ? sql`select count(*) as n from ledger_transactions t where ${where(query)}`
      : sql`select count(*) as n from (select 1 from ledger_transactions t where ${where(query)} limit ${cap}) x`,
  );
  return Number(row?.n ?? 0);
}

/** Newest first (then the later written first, then by id: a stable order for paging). */
export function listTransactions(db: DbOrTx, query: AdminLedgerQuery, limit: number | null, offset: number) {
  return queryRows<LedgerTransactionRow>(
    db,
    sql`select t.id, t.kind, t.occurred_at, t.memo, t.tutor_id, tu.full_name as tutor_name, t.reservation_id,
          t.session_id, t.payment_id, t.refund_id, t.payout_id
        from ledger_transactions t left join tutors tu on tu.id = t.tutor_id
        where ${where(query)}
        order by t.occurred_at desc, t.created_at desc, t.id
        ${limit === null ? sql`` : sql`limit ${limit} offset ${offset}`}`,
  );
}

/** The entries of these transactions: debits first, then by account. */
export async function entriesOf(db: DbOrTx, transactionIds: readonly string[]): Promise<LedgerEntryRow[]> {
  if (transactionIds.length === 0) return [];
  return queryRows<LedgerEntryRow>(
    db,
    sql`select e.transaction_id, e.account, e.tutor_id, e.currency, e.amount_cents, e.available_at
        from ledger_entries e
        where e.transaction_id in (${sql.join(
          transactionIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        order by e.transaction_id, (e.amount_cents < 0), e.account, e.currency, e.created_at, e.id`,
  );
}

export type LedgerCsvRow = LedgerTransactionRow &
  Omit<LedgerEntryRow, 'transaction_id' | 'tutor_id'> & {
    entry_tutor_id: number | null;
  };

/** Every entry of the matching transactions, in the list's order (the CSV export). */
export function listEntriesForCsv(db: DbOrTx, query: AdminLedgerQuery) {
  return queryRows<LedgerCsvRow>(
    db,
    sql`select t.id, t.kind, t.occurred_at, t.memo, t.tutor_id, tu.full_name as tutor_name, t.reservation_id,
          t.session_id, t.payment_id, t.refund_id, t.payout_id,
          e.account, e.tutor_id as entry_tutor_id, e.currency, e.amount_cents, e.available_at
        from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        left join tutors tu on tu.id = t.tutor_id
        where ${where(query)}
        order by t.occurred_at desc, t.created_at desc, t.id, (e.amount_cents < 0), e.account, e.currency,
          e.created_at, e.id`,
  );
}
