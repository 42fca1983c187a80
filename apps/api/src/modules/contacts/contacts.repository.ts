import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/content.ts';

export type ContactRow = typeof contactMessages.$inferSelect;

export async function insertContactMessage(
  db: DbOrTx,
  values: { name: string; email: string; message: string; ip: string },
): Promise<ContactRow> {
  const [row] = await db.insert(contactMessages).values(values).returning();
  return row!;
}

export function listContactMessages(db: DbOrTx, limit: number) {
  return db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
}

export async function markHandled(db: DbOrTx, id: number, handled: boolean): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contactMessages)
    .set({ handledAt: handled ? sql`now()` : null })
    .where(eq(contactMessages.id, id))
    .returning();
  return row;
}
