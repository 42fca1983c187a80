import { sql } from 'drizzle-orm';
import { collectedPaymentStatuses, paidReservationStatuses } from '@tibeb/domain/bookings/statuses';
import { queryRows, sqlList, type DbOrTx } from '../../platform/db/client.ts';

// The admin dashboard's counts.

/** The counts that only a write changes (each reads a whole table: kept per database snapshot, decision 244). */
export async function adminCounts(db: DbOrTx) {
  const [row] = await queryRows<{
    users: number;
    tutors: number;
    reservations: number;
    confirmed: number;
    revenue_cents: string | number;
    without_link: number;
  }>(
    db,
    sql`select
      (select count(*) from users)::int as users,
      (select count(*) from tutors where is_active)::int as tutors,
      (select count(*) from reservations)::int as reservations,
      (select count(*) from reservations where status in ${sqlList(paidReservationStatuses)})::int as confirmed,
      -- Revenue in dollars: what was paid, minus what was refunded (birr is never added to dollars; the reports
      -- and the payments list total each currency apart, decision 171).
      (select coalesce(sum(amount_cents - refunded_cents), 0) from payments
        where status in ${sqlList(collectedPaymentStatuses)} and currency = 'USD')::bigint as revenue_cents,
      -- Tutors families can book whose lessons have no room unless the platform signs Jitsi rooms (decision 267).
      (select count(*) from tutors where is_active and is_published and meeting_url = '')::int as without_link`,
  );
  return row!;
}

/**
 * When the next scheduled session starts (at `now` or later; null: none): the sessions still to come are exactly
 * those from it, so their count is kept under it until it starts or the data change. One step along the
 * sessions' start index.
 */
export async function nextScheduledStart(db: DbOrTx, now: Date): Promise<string | null> {
  const [row] = await queryRows<{ at: string | null }>(
    db,
    sql`select min(starts_at)::text as at from sessions
        where status = 'scheduled' and starts_at >= ${now.toISOString()}::timestamptz`,
  );
  return row?.at ?? null;
}

/** Scheduled sessions starting at `from` or later (an index-only count over the sessions' start index). */
export async function scheduledFrom(db: DbOrTx, from: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sessions where status = 'scheduled' and starts_at >= ${from}::timestamptz`,
  );
  return row?.n ?? 0;
}
