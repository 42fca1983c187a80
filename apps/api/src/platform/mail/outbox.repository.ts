import { and, asc, eq, getTableColumns, inArray, isNull, lte, min, not, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { mailOutbox } from '../db/schema/messaging.ts';

/** A queued message, with its queue time in microseconds (messages queued in one millisecond keep their order). */
export type OutboxRow = typeof mailOutbox.$inferSelect & { queuedMicros: string };
export type NewOutboxMail = { to: string; subject: string; text: string; html?: string };

/**
 * When a message is given up (issue 29 item 4): it was queued at least `windowMs` ago AND has failed at least
 * `minAttempts` times since it was queued or last resent. Both, so that a message queued during a long outage of
 * this server still gets its tries when the server is back, and a resent one gets a fresh set of tries. Derived
 * from the columns, never stored: a given-up row is simply no longer taken (nothing is deleted).
 */
export type GiveUpRule = { windowMs: number; minAttempts: number };

export function givenUp(rule: GiveUpRule): SQL {
  return and(
    isNull(mailOutbox.sentAt),
    sql`${mailOutbox.attempts} >= ${rule.minAttempts}`,
    sql`${mailOutbox.createdAt} <= now() - make_interval(secs => ${rule.windowMs / 1000})`,
  )!;
}

/** Not sent and still to be tried (due now or later). */
function stillTrying(rule: GiveUpRule): SQL {
  return and(isNull(mailOutbox.sentAt), not(givenUp(rule)))!;
}

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
  opts: { limit: number; leaseMs: number; giveUp: GiveUpRule },
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(stillTrying(opts.giveUp), lte(mailOutbox.sendAfter, sql`now()`)))
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
export async function countPendingMail(db: DbOrTx, rule: GiveUpRule): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(stillTrying(rule));
  return row?.n ?? 0;
}

/**
 * When the oldest message due and still to be tried fell due (null: none), for the job's lag: a given-up
 * message is no lag (it is shown to admins instead).
 */
export async function oldestDueMail(db: DbOrTx, now: Date, rule: GiveUpRule): Promise<Date | string | null> {
  const [row] = await db
    .select({ oldest: min(mailOutbox.sendAfter) })
    .from(mailOutbox)
    .where(and(stillTrying(rule), lte(mailOutbox.sendAfter, now)));
  return row?.oldest ?? null;
}

export type OutboxState = 'pending' | 'failing' | 'given_up' | 'sent';

/** Each state as a condition on the columns (decision 219: derived, not stored). */
function inState(state: OutboxState, rule: GiveUpRule): SQL {
  const tried = sql`(${mailOutbox.attempts} > 0 and ${mailOutbox.lastError} <> '')`;
  switch (state) {
    case 'sent':
      return sql`${mailOutbox.sentAt} is not null`;
    case 'given_up':
      return givenUp(rule);
    case 'failing':
      return and(stillTrying(rule), tried)!;
    case 'pending':
      return and(stillTrying(rule), not(tried))!;
  }
}

function stateOf(rule: GiveUpRule) {
  return sql<OutboxState>`case
    when ${mailOutbox.sentAt} is not null then 'sent'
    when ${givenUp(rule)} then 'given_up'
    when ${mailOutbox.attempts} > 0 and ${mailOutbox.lastError} <> '' then 'failing'
    else 'pending' end`;
}

export type OutboxListRow = {
  id: string;
  to: string;
  subject: string;
  state: OutboxState;
  attempts: number;
  lastError: string;
  createdAt: Date;
  sendAfter: Date;
  sentAt: Date | null;
};

/** One page of the outbox, newest first, optionally in one state; with the count of all that match. */
export async function listOutbox(
  db: DbOrTx,
  opts: { state?: OutboxState; limit: number; offset: number; rule: GiveUpRule },
): Promise<{ rows: OutboxListRow[]; count: number }> {
  const where = opts.state ? inState(opts.state, opts.rule) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        state: stateOf(opts.rule),
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        createdAt: mailOutbox.createdAt,
        sendAfter: mailOutbox.sendAfter,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(where)
      .orderBy(sql`${mailOutbox.createdAt} desc`, sql`${mailOutbox.id} desc`)
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/**
 * Makes an unsent message due now with its attempts reset (an admin's resend). Answers what it was before
 * (for the audit log), 'sent' when it had already gone out (nothing changes), or null when there is no such
 * message.
 */
export async function resendMail(
  db: DbOrTx,
  id: string,
  rule: GiveUpRule,
): Promise<{ state: OutboxState; attempts: number } | 'sent' | null> {
  const [before] = await db
    .select({ state: stateOf(rule), attempts: mailOutbox.attempts })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id))
    .for('update');
  if (!before) return null;
  if (before.state === 'sent') return 'sent';
  await db
    .update(mailOutbox)
    .set({ attempts: 0, sendAfter: sql`now()` })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
  return before;
}
