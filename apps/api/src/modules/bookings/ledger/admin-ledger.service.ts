import {
  ADMIN_LEDGER_PAGE_SIZE,
  adminLedgerCsvColumns,
  type AdminLedgerEntry,
  type AdminLedgerList,
  type AdminLedgerQuery,
  type AdminLedgerTransaction,
} from '@tibeb/domain/ledger/admin-ledger';
import { centsToDecimal, toCsv } from '@tibeb/domain/reports/csv';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { snapshotCached } from '../../reporting/index.ts';
import * as repo from './admin-ledger.repository.ts';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toEntry(row: Omit<repo.LedgerEntryRow, 'transaction_id'>): AdminLedgerEntry {
  return {
    account: row.account as AdminLedgerEntry['account'],
    tutor_id: row.tutor_id === null ? null : Number(row.tutor_id),
    currency: row.currency,
    amount_cents: Number(row.amount_cents),
    available_at: iso(row.available_at),
  };
}

function toTransaction(row: repo.LedgerTransactionRow, entries: AdminLedgerEntry[]): AdminLedgerTransaction {
  return {
    id: row.id,
    kind: row.kind as AdminLedgerTransaction['kind'],
    occurred_at: iso(row.occurred_at)!,
    memo: row.memo,
    tutor: row.tutor_id === null ? null : { id: Number(row.tutor_id), name: row.tutor_name ?? '' },
    reservation_id: row.reservation_id,
    session_id: row.session_id,
    payment_id: row.payment_id,
    refund_id: row.refund_id,
    payout_id: row.payout_id,
    entries,
  };
}

/** Counts up to this many are made on each request; a larger one is kept (decision 244). */
const COUNT_KEPT_FROM = 1_000;

/**
 * How many transactions match, exactly (decision 244): a narrow filter's count (a tutor's, a few days') is made
 * on each request, up to `COUNT_KEPT_FROM`; a larger one (every transaction without a filter: hundreds of
 * thousands) is kept while the database shows the same data (`snapshotCached`: exact, on any instance), so only
 * the few broad filters take room among the kept results.
 */
async function countMatches(db: DbOrTx, query: AdminLedgerQuery): Promise<number> {
  const few = await repo.countTransactions(db, query, COUNT_KEPT_FROM + 1);
  if (few <= COUNT_KEPT_FROM) return few;
  const { tutor, kind, from, to } = query;
  return snapshotCached(db, `ledger:count:${JSON.stringify([tutor, kind, from, to])}`, () =>
    repo.countTransactions(db, query),
  );
}

/**
 * The admin ledger: transactions newest first with their entries, 50 a page (decision 232); a page past the end
 * is answered from the count alone.
 */
export async function listLedger(db: DbOrTx, query: AdminLedgerQuery): Promise<AdminLedgerList> {
  const page = query.page ?? 1;
  const offset = (page - 1) * ADMIN_LEDGER_PAGE_SIZE;
  const count = await countMatches(db, query);
  const rows = offset >= count ? [] : await repo.listTransactions(db, query, ADMIN_LEDGER_PAGE_SIZE, offset);
  const entries = await repo.entriesOf(
    db,
    rows.map((r) => r.id),
  );
  const byTransaction = new Map<string, AdminLedgerEntry[]>();
  for (const e of entries) {
    const list = byTransaction.get(e.transaction_id) ?? [];
    list.push(toEntry(e));
    byTransaction.set(e.transaction_id, list);
  }
  return {
    count,
    page,
    page_size: ADMIN_LEDGER_PAGE_SIZE,
    results: rows.map((r) => toTransaction(r, byTransaction.get(r.id) ?? [])),
  };
}

/** Every entry of the matching transactions as CSV: debit and credit as positive decimals in their columns. */
export async function ledgerCsv(db: DbOrTx, query: AdminLedgerQuery): Promise<string> {
  const rows = await repo.listEntriesForCsv(db, query);
  return toCsv(
    adminLedgerCsvColumns,
    rows.map((r) => {
      const cents = Number(r.amount_cents);
      return [
        r.id,
        iso(r.occurred_at),
        r.kind,
        r.tutor_id ?? '',
        r.tutor_name ?? '',
        r.account,
        r.entry_tutor_id ?? '',
        r.currency,
        cents > 0 ? centsToDecimal(cents) : '',
        cents < 0 ? centsToDecimal(-cents) : '',
        iso(r.available_at) ?? '',
        r.reservation_id ?? '',
        r.session_id ?? '',
        r.payment_id ?? '',
        r.refund_id ?? '',
        r.payout_id ?? '',
        r.memo,
      ];
    }),
  );
}
