import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { newsletterSubscribers } from '../../platform/db/schema/content.ts';

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

export async function findByEmail(db: DbOrTx, email: string): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`)
    .for('update');
  return row;
}

/** Inserts a subscriber; answers undefined when a concurrent request subscribed the same address first. */
export async function insertSubscriber(
  db: DbOrTx,
  email: string,
  tokenHash: string,
): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .insert(newsletterSubscribers)
    .values({ email, unsubscribeToken: tokenHash })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function resubscribe(db: DbOrTx, id: number, tokenHash: string): Promise<void> {
  await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: null, subscribedAt: sql`now()`, unsubscribeToken: tokenHash })
    .where(eq(newsletterSubscribers.id, id));
}

/** Marks the subscriber with this token unsubscribed; answers whether one was still subscribed. */
export async function unsubscribeByToken(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`now()` })
    .where(
      sql`${newsletterSubscribers.unsubscribeToken} = ${tokenHash} and ${newsletterSubscribers.unsubscribedAt} is null`,
    )
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

/** Whether a subscriber with this token is still subscribed (reads only). */
export async function isSubscribedToken(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const rows = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(
      sql`${newsletterSubscribers.unsubscribeToken} = ${tokenHash} and ${newsletterSubscribers.unsubscribedAt} is null`,
    )
    .limit(1);
  return rows.length > 0;
}
