import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { contactMessages } from '../../platform/db/schema/content.ts';

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

export async function findContactMessage(db: DbOrTx, id: number): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
  return row;
}

export async function markHandled(db: DbOrTx, id: number, handled: boolean): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contactMessages)
    .set({ handledAt: handled ? sql`now()` : null })
    .where(eq(contactMessages.id, id))
    .returning();
  return row;
}

/**
 * Whether `email` may get an acknowledgement now (none in the last day), and if so records it on `messageId`.
 * Serialised per address (a transaction lock), so two messages sent at once still get one e-mail.
 */
export async function claimAcknowledgement(
  db: DbOrTx,
  messageId: number,
  email: string,
  now: Date,
): Promise<boolean> {
  const address = email.trim().toLowerCase();
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact-ack:${address}`}))`);
  const since = new Date(now.getTime() - 24 * 60 * 60_000);
  const recent = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(and(sql`lower(${contactMessages.email}) = ${address}`, gt(contactMessages.acknowledgedAt, since)))
    .limit(1);
  if (recent.length > 0) return false;
  await db.update(contactMessages).set({ acknowledgedAt: now }).where(eq(contactMessages.id, messageId));
  return true;
}
