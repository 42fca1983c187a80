import { and, eq, sql } from 'drizzle-orm';
import type { LedgerTransactionKind } from '@tibeb/domain/ledger/accounts';
import { balancedLines, type JournalLine } from '@tibeb/domain/ledger/journal';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { ledgerEntries, ledgerTransactions } from '../../../platform/db/schema/ledger.ts';

/**
 * The ledger's one writer (DESIGN §1.14): a balanced transaction, posted once per idempotency key. Call it inside
 * the transaction that makes the business change, so the money and the booking never disagree.
 */
export type PostTransaction = {
  kind: LedgerTransactionKind;
  /** One per business event, e.g. `earn:<session id>`; a second post with the same key does nothing. */
  idempotencyKey: string;
  lines: readonly JournalLine[];
  tutorId?: number | null;
  reservationId?: string | null;
  sessionId?: string | null;
  paymentId?: string | null;
  refundId?: string | null;
  payoutId?: string | null;
  memo?: string;
  createdByUserId?: string | null;
  occurredAt?: Date;
};

/** Posts it; returns the transaction's id, or null when that key was already posted (nothing written). */
export async function postTransaction(db: DbOrTx, t: PostTransaction): Promise<string | null> {
  const lines = balancedLines(t.lines);
  if (lines.length === 0) return null;
  const [row] = await db
    .insert(ledgerTransactions)
    .values({
      kind: t.kind,
      idempotencyKey: t.idempotencyKey,
      tutorId: t.tutorId ?? null,
      reservationId: t.reservationId ?? null,
      sessionId: t.sessionId ?? null,
      paymentId: t.paymentId ?? null,
      refundId: t.refundId ?? null,
      payoutId: t.payoutId ?? null,
      memo: t.memo ?? '',
      createdByUserId: t.createdByUserId ?? null,
      occurredAt: t.occurredAt ?? new Date(),
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!row) return null;
  await db.insert(ledgerEntries).values(
    lines.map((l) => ({
      transactionId: row.id,
      account: l.account,
      tutorId: l.tutorId ?? null,
      amountCents: l.amountCents,
      currency: l.currency,
      availableAt: l.availableAt ?? null,
    })),
  );
  return row.id;
}

export type TutorBalance = {
  currency: string;
  /** Earned, still inside the dispute window. */
  pendingCents: number;
  /** Earned, past the window, not yet paid out (negative after a reversal that followed a payout). */
  availableCents: number;
  /** Sent and not yet confirmed. */
  inTransitCents: number;
  /** Confirmed paid out. */
  paidCents: number;
};

/**
 * A tutor's balances per currency, as sums of entries (never stored counters). tutor_payable is a liability
 * (credit negative), so what the tutor is owed is its negated sum.
 */
export async function tutorBalances(db: DbOrTx, tutorId: number, now = new Date()): Promise<TutorBalance[]> {
  const rows = await db
    .select({
      currency: ledgerEntries.currency,
      pending: sql<string>`coalesce(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'tutor_payable' and ${ledgerEntries.availableAt} > ${now}), 0)`,
      available: sql<string>`coalesce(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'tutor_payable' and (${ledgerEntries.availableAt} is null or ${ledgerEntries.availableAt} <= ${now})), 0)`,
      // Credited when a payout leaves the payable balance, debited when it is confirmed or fails.
      inTransit: sql<string>`coalesce(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'payouts_in_transit'), 0)`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.tutorId, tutorId))
    .groupBy(ledgerEntries.currency)
    .orderBy(ledgerEntries.currency);
  const paid = await db
    .select({
      currency: ledgerEntries.currency,
      paid: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerTransactions.tutorId, tutorId),
        eq(ledgerTransactions.kind, 'payout_paid'),
        eq(ledgerEntries.account, 'payouts_in_transit'),
      ),
    )
    .groupBy(ledgerEntries.currency);
  const paidBy = new Map(paid.map((p) => [p.currency, Number(p.paid)]));
  const currencies = new Set([...rows.map((r) => r.currency), ...paidBy.keys()]);
  return [...currencies].sort().map((currency) => {
    const r = rows.find((x) => x.currency === currency);
    return {
      currency,
      pendingCents: Number(r?.pending ?? 0),
      availableCents: Number(r?.available ?? 0),
      inTransitCents: Number(r?.inTransit ?? 0),
      paidCents: paidBy.get(currency) ?? 0,
    };
  });
}

/** Takes the tutor's payout lock (7305): payouts of one tutor take turns (lock order: after the reservation locks). */
export async function lockTutorPayouts(tx: DbOrTx, tutorId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(7305, ${tutorId})`);
}
