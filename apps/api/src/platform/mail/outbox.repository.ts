import { and, asc, eq, getTableColumns, inArray, isNull, lt, lte, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { mailOutbox } from '../db/schema/messaging.ts';

/** A queued message, with its queue time in microseconds (messages queued in one millisecond keep their order). */
export type OutboxRow = typeof mailOutbox.$inferSelect & { queuedMicros: string };
export type NewOutboxMail = { to: string; subject: string; text: string; html?: string };

/**
 * Queues one message; inside the caller's transaction when `db` is one, so it goes out only if that commits.
 * Its queue time is the database's clock, but always after `afterMicros` (the previous message this instance
 * queued): PGlite's clock moves in whole milliseconds, and messages queued together must keep their order.
 * Answers the queue time in microseconds since the epoch.
 */
export async function enqueueMail(db: DbOrTx, mail: NewOutboxMail, afterMicros = '0'): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? '',
      createdAt: sql`greatest(clock_timestamp(), 'epoch'::timestamptz + (${afterMicros}::bigint + 1) * interval '1 microsecond')`,
    })
    .returning({
      micros: sql<string>`(extract(epoch from ${mailOutbox.createdAt}) * 1000000)::bigint::text`,
    });
  return row!.micros;
}

/**
 * Takes up to `limit` due messages for this instance: the rows are locked with FOR UPDATE SKIP LOCKED (so two
 * instances never take the same one), their attempt is counted, and they are leased for `leaseMs` (a crashed
 * instance's messages become due again afterwards). Answers the rows, oldest first.
 */
export async function claimDueMail(
  db: DbOrTx,
  opts: { limit: number; leaseMs: number; maxAttempts: number },
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        lte(mailOutbox.sendAfter, sql`now()`),
        lt(mailOutbox.attempts, opts.maxAttempts),
      ),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      sendAfter: sql`now() + make_interval(secs => ${opts.leaseMs / 1000})`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning({
      ...getTableColumns(mailOutbox),
      queuedMicros: sql<string>`(extract(epoch from ${mailOutbox.createdAt}) * 1000000)::bigint::text`,
    });
  return rows.sort((a, b) => Number(BigInt(a.queuedMicros) - BigInt(b.queuedMicros)));
}

export async function markMailSent(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, lastError: '' })
    .where(eq(mailOutbox.id, id));
}

export async function markMailFailed(
  db: DbOrTx,
  id: string,
  error: string,
  retryInMs: number,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      lastError: error.slice(0, 1000),
      sendAfter: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
    })
    .where(eq(mailOutbox.id, id));
}

/** Messages not yet sent and still to be tried (tests, and the job's log). */
export async function countPendingMail(db: DbOrTx, maxAttempts: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, maxAttempts)));
  return row?.n ?? 0;
}

/** When the oldest message due and not sent fell due (null: none), for the job's lag. */
export async function oldestDueMail(db: DbOrTx, now: Date): Promise<Date | string | null> {
  const [row] = await db
    .select({ oldest: min(mailOutbox.sendAfter) })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.sendAfter, now)));
  return row?.oldest ?? null;
}
