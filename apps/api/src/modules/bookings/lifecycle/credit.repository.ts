import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../platform/db/client.ts';
import { creditLedger } from '../../../platform/db/schema/bookings.ts';

/** The families' credit ledger (issue 11 §8): rows added, never edited; a balance is their sum. */

export type CreditKind = (typeof creditLedger.$inferInsert)['kind'];

export async function insertCredit(
  db: DbOrTx,
  row: {
    familyEmail: string;
    amountCents: number;
    kind: CreditKind;
    reservationId?: string | null;
    sessionId?: string | null;
    createdByUserId?: string | null;
    note?: string;
    currency?: string;
  },
) {
  if (row.amountCents === 0) return;
  await db.insert(creditLedger).values({
    familyEmail: row.familyEmail.trim().toLowerCase(),
    amountCents: row.amountCents,
    currency: row.currency ?? 'USD',
    kind: row.kind,
    reservationId: row.reservationId ?? null,
    sessionId: row.sessionId ?? null,
    createdByUserId: row.createdByUserId ?? null,
    note: row.note ?? '',
  });
}

/**
 * A family's credit balance. Inside a transaction that spends it, the family's advisory lock (taken first)
 * makes two checkouts of one family take turns, so credit is never spent twice.
 */
export async function creditBalance(db: DbOrTx, email: string, currency = 'USD'): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${creditLedger.amountCents}), 0)` })
    .from(creditLedger)
    .where(
      and(eq(creditLedger.familyEmail, email.trim().toLowerCase()), eq(creditLedger.currency, currency)),
    );
  return Number(row?.total ?? 0);
}

export async function lockFamilyCredit(tx: Tx, email: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(7302, hashtext(${email.trim().toLowerCase()}))`);
}
