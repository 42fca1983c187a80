import { and, desc, eq, sql } from 'drizzle-orm';
import { reservations, substitutionOffers, tutors } from '../../../platform/db/schema/index.ts';
import type { DbOrTx, Tx } from '../../../platform/db/client.ts';

/** The admins' substitute-tutor offers (issue 30 item 4, decision 274). */

export type OfferRow = typeof substitutionOffers.$inferSelect;
export type NewOffer = typeof substitutionOffers.$inferInsert;

export async function insertOffer(tx: Tx, values: NewOffer): Promise<OfferRow> {
  const [row] = await tx.insert(substitutionOffers).values(values).returning();
  return row!;
}

export async function findOfferByTokenHash(db: DbOrTx, tokenHash: string): Promise<OfferRow | null> {
  const [row] = await db.select().from(substitutionOffers).where(eq(substitutionOffers.tokenHash, tokenHash));
  return row ?? null;
}

export async function lockOffer(tx: Tx, id: string): Promise<OfferRow | null> {
  const [row] = await tx.select().from(substitutionOffers).where(eq(substitutionOffers.id, id)).for('update');
  return row ?? null;
}

/** The reservation's newest offer (any status), for its admin page. */
export async function latestOffer(db: DbOrTx, reservationId: string): Promise<OfferRow | null> {
  const [row] = await db
    .select()
    .from(substitutionOffers)
    .where(eq(substitutionOffers.reservationId, reservationId))
    .orderBy(desc(substitutionOffers.createdAt))
    .limit(1);
  return row ?? null;
}

/** Closes a pending offer (answered, withdrawn or expired); false when it was no longer pending. */
export async function closeOffer(
  tx: DbOrTx,
  id: string,
  status: 'accepted' | 'declined' | 'withdrawn' | 'expired',
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(substitutionOffers)
    .set({ status, decidedAt: now })
    .where(and(eq(substitutionOffers.id, id), eq(substitutionOffers.status, 'pending')))
    .returning({ id: substitutionOffers.id });
  return rows.length > 0;
}

/** Pending offers past their answer-by time become expired (read paths call it for the offer they show). */
export async function expireOffer(db: DbOrTx, id: string, now: Date) {
  await db
    .update(substitutionOffers)
    .set({ status: 'expired', decidedAt: now })
    .where(
      and(
        eq(substitutionOffers.id, id),
        eq(substitutionOffers.status, 'pending'),
        sql`${substitutionOffers.expiresAt} <= ${now.toISOString()}::timestamptz`,
      ),
    );
}

export async function tutorNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: tutors.id, fullName: tutors.fullName })
    .from(tutors)
    .where(sql`${tutors.id} in ${ids}`);
  return new Map(rows.map((r) => [r.id, r.fullName]));
}

export async function findReservation(db: DbOrTx, id: string) {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
  return row ?? null;
}
