import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../platform/db/client.ts';
import { tutors } from '../../../platform/db/schema/catalog.ts';
import { payoutMethods, payoutRuns, payouts } from '../../../platform/db/schema/ledger.ts';
import { users } from '../../../platform/db/schema/users.ts';
import { webhookEvents } from '../../../platform/db/schema/payments.ts';

export type PayoutRow = typeof payouts.$inferSelect;
export type RunRow = typeof payoutRuns.$inferSelect;
export type MethodRow = typeof payoutMethods.$inferSelect;

export async function tutorOfUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: tutors.id,
      fullName: tutors.fullName,
      email: users.email,
      locale: users.locale,
    })
    .from(tutors)
    .innerJoin(users, eq(users.id, tutors.userId))
    .where(eq(tutors.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function tutorContact(db: DbOrTx, tutorId: number) {
  const [row] = await db
    .select({ id: tutors.id, fullName: tutors.fullName, email: users.email, locale: users.locale })
    .from(tutors)
    .leftJoin(users, eq(users.id, tutors.userId))
    .where(eq(tutors.id, tutorId))
    .limit(1);
  return row ?? null;
}

export async function methodOf(db: DbOrTx, tutorId: number): Promise<MethodRow | null> {
  const [row] = await db.select().from(payoutMethods).where(eq(payoutMethods.tutorId, tutorId)).limit(1);
  return row ?? null;
}

export async function upsertMethod(db: DbOrTx, row: typeof payoutMethods.$inferInsert) {
  await db
    .insert(payoutMethods)
    .values(row)
    .onConflictDoUpdate({
      target: payoutMethods.tutorId,
      set: {
        kind: row.kind,
        bankCode: row.bankCode,
        bankName: row.bankName,
        accountName: row.accountName,
        accountNumber: row.accountNumber,
        updatedByUserId: row.updatedByUserId,
        updatedAt: new Date(),
      },
    });
}

/**
 * A payable entry counted in the available balance at `at` (an instant as PostgreSQL writes it, to the
 * microsecond): one without a date, or dated then or before.
 */
const availableBy = (at: Date | string) =>
  sql`e.account = 'tutor_payable' and e.tutor_id is not null
      and (e.available_at is null or e.available_at <= ${at instanceof Date ? at.toISOString() : at}::timestamptz)`;

export type BalanceRow = {
  tutor_id: number;
  full_name: string;
  currency: string;
  available: number | string;
  has_method: boolean;
};

/**
 * Each tutor's available payable balance per currency, where positive (the candidates of a payout run), by name:
 * one grouped read of the payable entries (decision 241), not one balance query per tutor.
 */
export async function availableBalances(db: DbOrTx, now: Date) {
  return queryRows<BalanceRow>(
    db,
    sql`select b.tutor_id, t.full_name, b.currency, b.available,
          exists(select 1 from payout_methods m where m.tutor_id = b.tutor_id) as has_method
        from (select e.tutor_id, e.currency, -sum(e.amount_cents) as available
                from ledger_entries e
               where ${availableBy(now)}
               group by e.tutor_id, e.currency) b
        join tutors t on t.id = b.tutor_id
       where b.available > 0
       order by t.full_name, t.id, b.currency`,
  );
}

/**
 * One page of `availableBalances` (decision 244): the tutors in name order (an index), each tutor's balances from
 * its own payable entries (an index), until the page is full; not every tutor's balance.
 */
export async function availableBalancesPage(db: DbOrTx, now: Date, limit: number, offset: number) {
  return queryRows<BalanceRow>(
    db,
    sql`select t.id as tutor_id, t.full_name, b.currency, b.available,
          exists(select 1 from payout_methods m where m.tutor_id = t.id) as has_method
        from tutors t
        cross join lateral (
          select e.currency, -sum(e.amount_cents) as available
            from ledger_entries e
           where e.tutor_id = t.id and ${availableBy(now)}
           group by e.currency) b
       where b.available > 0
       order by t.full_name, t.id, b.currency
       limit ${limit} offset ${offset}`,
  );
}

/**
 * The latest date at which a dated payable entry became available, at `now` (null: none yet). With the same data,
 * the available balances at `now` are exactly those at this instant: what keeps their totals (decision 244).
 */
export async function availableSince(db: DbOrTx, now: Date): Promise<string | null> {
  const [row] = await queryRows<{ at: string | null }>(
    db,
    sql`select max(available_at)::text as at from ledger_entries
        where account = 'tutor_payable' and available_at <= ${now.toISOString()}::timestamptz`,
  );
  return row?.at ?? null;
}

/** Per currency: the positive available balances at `at` and their sum, and those of tutors with a method. */
export async function availableTotals(db: DbOrTx, at: string) {
  return queryRows<{
    currency: string;
    count: number;
    available: string | number;
    with_method_count: number;
    with_method: string | number;
  }>(
    db,
    sql`select b.currency, count(*)::int as count, sum(b.available) as available,
          count(m.tutor_id)::int as with_method_count,
          coalesce(sum(b.available) filter (where m.tutor_id is not null), 0) as with_method
        from (select e.tutor_id, e.currency, -sum(e.amount_cents) as available
                from ledger_entries e
               where ${availableBy(at)}
               group by e.tutor_id, e.currency) b
        join tutors t on t.id = b.tutor_id
        left join payout_methods m on m.tutor_id = b.tutor_id
       where b.available > 0
       group by b.currency
       order by b.currency`,
  );
}

export async function insertRun(db: DbOrTx, row: typeof payoutRuns.$inferInsert): Promise<RunRow> {
  const [run] = await db.insert(payoutRuns).values(row).returning();
  return run!;
}

export async function insertPayout(db: DbOrTx, row: typeof payouts.$inferInsert): Promise<PayoutRow> {
  const [created] = await db.insert(payouts).values(row).returning();
  return created!;
}

export async function lockPayout(db: DbOrTx, id: string): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id)).for('update');
  return row ?? null;
}

export async function findPayout(db: DbOrTx, id: string): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id)).limit(1);
  return row ?? null;
}

export async function findPayoutByReference(db: DbOrTx, reference: string): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.providerReference, reference)).limit(1);
  return row ?? null;
}

export async function updatePayout(db: DbOrTx, id: string, patch: Partial<typeof payouts.$inferInsert>) {
  await db
    .update(payouts)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(payouts.id, id));
}

export async function listPayouts(
  db: DbOrTx,
  filter: { status?: PayoutRow['status']; runId?: string; limit: number; offset: number },
) {
  const where = and(
    filter.status ? eq(payouts.status, filter.status) : undefined,
    filter.runId ? eq(payouts.runId, filter.runId) : undefined,
  );
  const [{ total }] = (await db.select({ total: count() }).from(payouts).where(where)) as [{ total: number }];
  const rows = await db
    .select({ payout: payouts, tutorName: tutors.fullName })
    .from(payouts)
    .innerJoin(tutors, eq(tutors.id, payouts.tutorId))
    .where(where)
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { total: Number(total), rows };
}

export async function listRuns(db: DbOrTx, limit = 20) {
  return queryRows<{
    id: string;
    rail: RunRow['rail'];
    etb_per_usd: string | null;
    minimum_etb_cents: number;
    created_at: Date | string;
    created_by: string | null;
    count: number;
    total: string | null;
  }>(
    db,
    sql`select r.id, r.rail, r.etb_per_usd::text as etb_per_usd, r.minimum_etb_cents, r.created_at, u.username as created_by,
               (select count(*)::int from payouts p where p.run_id = r.id) as count,
               (select sum(p.payout_amount_cents) from payouts p where p.run_id = r.id) as total
          from payout_runs r left join users u on u.id = r.created_by_user_id
         order by r.created_at desc limit ${limit}`,
  );
}

export async function findRun(db: DbOrTx, id: string): Promise<RunRow | null> {
  const [row] = await db.select().from(payoutRuns).where(eq(payoutRuns.id, id)).limit(1);
  return row ?? null;
}

/** Payouts sent to Chapa and still unconfirmed since before `before` (oldest first): verify is asked again. */
export async function staleProcessing(db: DbOrTx, before: Date, limit: number) {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, 'processing'), lt(payouts.updatedAt, before)))
    .orderBy(payouts.updatedAt)
    .limit(limit);
}

/** Chapa payouts committed but never sent (the process stopped between the commit and the call). */
export async function unsentChapa(db: DbOrTx, before: Date, limit: number) {
  return db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), eq(payouts.rail, 'chapa'), lt(payouts.updatedAt, before)))
    .orderBy(payouts.updatedAt)
    .limit(limit);
}

export async function eventSeen(db: DbOrTx, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, 'chapa'), eq(webhookEvents.eventId, eventId)))
    .limit(1);
  return rows.length > 0;
}

/** Each provider event once (the same table as the payment webhooks). */
export async function recordEvent(db: DbOrTx, eventId: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(webhookEvents)
    .values({ provider: 'chapa', eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return rows.length > 0;
}
