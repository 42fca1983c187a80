import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { offers } from '../../platform/db/schema/catalog.ts';

export type OfferRow = typeof offers.$inferSelect;
export type OfferValues = { title: string; description: string; isActive: boolean; sortOrder: number };

export function listActiveOffers(db: DbOrTx) {
  return db
    .select({ id: offers.id, title: offers.title, description: offers.description })
    .from(offers)
    .where(eq(offers.isActive, true))
    .orderBy(asc(offers.sortOrder), asc(offers.id));
}

export function listAllOffers(db: DbOrTx) {
  return db.select().from(offers).orderBy(asc(offers.sortOrder), asc(offers.id));
}

export async function findOffer(db: DbOrTx, id: number): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id));
  return row;
}

export async function insertOffer(db: DbOrTx, values: OfferValues): Promise<OfferRow> {
  const [row] = await db.insert(offers).values(values).returning();
  return row!;
}

export async function updateOffer(
  db: DbOrTx,
  id: number,
  values: Partial<OfferValues>,
): Promise<OfferRow | undefined> {
  const [row] = await db.update(offers).set(values).where(eq(offers.id, id)).returning();
  return row;
}

export async function deleteOffer(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(offers).where(eq(offers.id, id)).returning({ id: offers.id });
  return rows.length > 0;
}
