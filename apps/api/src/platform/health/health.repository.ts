import { and, count, eq, isNull, lte, min } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox, reservations, sessions } from '../db/schema/index.ts';

/**
 * How far behind the background jobs are, in seconds (0 when nothing is overdue): the oldest e-mail due and not
 * sent, and the oldest lapsed hold not yet released (the hold-expiry job runs every minute).
 */
export async function jobLag(db: Db, now: Date): Promise<{ mail: number; holds: number }> {
  const [mail] = await db
    .select({ oldest: min(mailOutbox.sendAfter), n: count() })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.sendAfter, now)));
  const [held] = await db
    .select({ oldest: min(sessions.holdExpiresAt) })
    .from(sessions)
    .where(and(eq(sessions.status, 'held'), lte(sessions.holdExpiresAt, now)));
  const [pending] = await db
    .select({ oldest: min(reservations.holdExpiresAt) })
    .from(reservations)
    .where(and(eq(reservations.status, 'pending_payment'), lte(reservations.holdExpiresAt, now)));
  const age = (at: Date | string | null | undefined) =>
    at ? Math.max(0, (now.getTime() - new Date(at).getTime()) / 1000) : 0;
  return { mail: age(mail?.oldest), holds: Math.max(age(held?.oldest), age(pending?.oldest)) };
}
