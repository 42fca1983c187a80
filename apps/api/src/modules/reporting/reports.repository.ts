import { sql } from 'drizzle-orm';
import { bookedSessionStatuses, collectedPaymentStatuses } from '@tibeb/domain/bookings/statuses';
import { queryRows, sqlList, type DbOrTx } from '../../platform/db/client.ts';

// The admin's reports: aggregate reads only, grouped by month in East Africa Time. `from` and `to` are dates
// (YYYY-MM-DD), both days included.

const TZ = 'Africa/Addis_Ababa';
const start = (from: string) => sql`((${from})::date::timestamp at time zone ${TZ})`;
const end = (to: string) => sql`(((${to})::date + 1)::timestamp at time zone ${TZ})`;
const month = (column: ReturnType<typeof sql.raw>) => sql`to_char(${column} at time zone ${TZ}, 'YYYY-MM')`;
/** Sessions that took (or take) a tutor's time and count as delivered or booked. */
const BOOKED = sqlList(bookedSessionStatuses);

const num = (v: unknown) => Number(v ?? 0);

export async function revenueByMonth(db: DbOrTx, from: string, to: string) {
  const paid = await queryRows<{ month: string; currency: string; cents: unknown; payments: unknown }>(
    db,
    sql`select ${month(sql.raw('paid_at'))} as month, currency, sum(amount_cents) as cents, count(*) as payments
        from payments
        where paid_at is not null and paid_at >= ${start(from)} and paid_at < ${end(to)}
          and status in ${sqlList(collectedPaymentStatuses)}
        group by 1, 2`,
  );
  const refunded = await queryRows<{ month: string; currency: string; cents: unknown }>(
    db,
    sql`select ${month(sql.raw('r.created_at'))} as month, p.currency as currency, sum(r.amount_cents) as cents
        from refunds r join payments p on p.id = r.payment_id
        where r.status = 'succeeded' and r.created_at >= ${start(from)} and r.created_at < ${end(to)}
        group by 1, 2`,
  );
  return {
    paid: paid.map((r) => ({
      month: r.month,
      currency: r.currency,
      cents: num(r.cents),
      payments: num(r.payments),
    })),
    refunded: refunded.map((r) => ({ month: r.month, currency: r.currency, cents: num(r.cents) })),
  };
}

/**
 * The booked sessions of the range grouped by booking first (an index-only read of the sessions' start index),
 * then by subject: the join to reservations is one row per booking, not one per session (decision 241).
 */
export async function sessionsBySubject(db: DbOrTx, from: string, to: string) {
  const rows = await queryRows<{ subject: string; sessions: unknown; seconds: unknown }>(
    db,
    sql`select coalesce(nullif(r.subject, ''), t.subject) as subject, sum(a.sessions) as sessions,
          sum(a.seconds) as seconds
        from (select s.reservation_id, s.tutor_id, count(*) as sessions,
                sum(extract(epoch from (s.ends_at - s.starts_at))) as seconds
              from sessions s
              where s.status in ${BOOKED} and s.starts_at >= ${start(from)} and s.starts_at < ${end(to)}
              group by s.reservation_id, s.tutor_id) a
        join reservations r on r.id = a.reservation_id
        join tutors t on t.id = a.tutor_id
        group by 1 order by 2 desc, 1`,
  );
  return rows.map((r) => ({ subject: r.subject, sessions: num(r.sessions), seconds: num(r.seconds) }));
}

/**
 * Every active tutor's booked sessions and hours in the range, the busiest first (then by name): the first
 * `limit` of them (null: all, for the CSV), and how many active tutors there are.
 */
export async function sessionsByTutor(db: DbOrTx, from: string, to: string, limit: number | null) {
  const rows = await queryRows<{
    tutor_id: number;
    tutor_name: string;
    sessions: unknown;
    seconds: unknown;
    total: unknown;
  }>(
    db,
    sql`select t.id as tutor_id, t.full_name as tutor_name, coalesce(a.sessions, 0) as sessions,
          coalesce(a.seconds, 0) as seconds, count(*) over () as total
        from tutors t
        left join (select s.tutor_id, count(*) as sessions, sum(extract(epoch from (s.ends_at - s.starts_at))) as seconds
                     from sessions s
                    where s.status in ${BOOKED} and s.starts_at >= ${start(from)} and s.starts_at < ${end(to)}
                    group by s.tutor_id) a on a.tutor_id = t.id
        where t.is_active
        order by 3 desc, 2, 1
        ${limit === null ? sql`` : sql`limit ${limit}`}`,
  );
  return {
    total: num(rows[0]?.total),
    rows: rows.map((r) => ({
      tutor_id: Number(r.tutor_id),
      tutor_name: r.tutor_name,
      sessions: num(r.sessions),
      seconds: num(r.seconds),
    })),
  };
}

export type AvailabilityVersionRow = {
  tutor_id: number;
  /** The EAT day the version took effect, and the EAT day the tutor was created (YYYY-MM-DD). */
  from_day: string;
  created_day: string;
  windows: { weekday: string; startTime: string; endTime: string }[];
};

/**
 * The availability versions of these tutors that took effect by the end of `to` (decision 264), oldest first, each
 * with its EAT day and the tutor's creation day: one read over tutor_availability_versions_tutor_idx.
 */
export async function availabilityVersions(
  db: DbOrTx,
  tutorIds: readonly number[],
  to: string,
): Promise<AvailabilityVersionRow[]> {
  if (tutorIds.length === 0) return [];
  const rows = await queryRows<AvailabilityVersionRow & { windows: unknown }>(
    db,
    sql`select v.tutor_id, to_char(v.effective_from at time zone ${TZ}, 'YYYY-MM-DD') as from_day,
          to_char(t.created_at at time zone ${TZ}, 'YYYY-MM-DD') as created_day, v.windows
        from tutor_availability_versions v join tutors t on t.id = v.tutor_id
        where v.tutor_id in (${sql.join(
          tutorIds.map((id) => sql`${id}::int`),
          sql`, `,
        )}) and v.effective_from < ${end(to)}
        order by v.tutor_id, v.effective_from, v.id`,
  );
  return rows.map((r) => ({
    tutor_id: Number(r.tutor_id),
    from_day: r.from_day,
    created_day: r.created_day,
    windows: (typeof r.windows === 'string'
      ? JSON.parse(r.windows)
      : r.windows) as AvailabilityVersionRow['windows'],
  }));
}

export async function newFamiliesByMonth(db: DbOrTx, from: string, to: string) {
  const rows = await queryRows<{ month: string; families: unknown }>(
    db,
    sql`select ${month(sql.raw('created_at'))} as month, count(*) as families
        from users where role = 'student' and created_at >= ${start(from)} and created_at < ${end(to)}
        group by 1`,
  );
  return rows.map((r) => ({ month: r.month, families: num(r.families) }));
}

export async function cancellationsByMonth(db: DbOrTx, from: string, to: string) {
  const sessions = await queryRows<{ month: string; n: unknown }>(
    db,
    sql`select ${month(sql.raw('coalesce(cancelled_at, updated_at)'))} as month, count(*) as n
        from sessions where status = 'cancelled'
          and coalesce(cancelled_at, updated_at) >= ${start(from)} and coalesce(cancelled_at, updated_at) < ${end(to)}
        group by 1`,
  );
  const reservations = await queryRows<{ month: string; n: unknown }>(
    db,
    sql`select ${month(sql.raw('coalesce(cancelled_at, updated_at)'))} as month, count(*) as n
        from reservations where status = 'cancelled'
          and coalesce(cancelled_at, updated_at) >= ${start(from)} and coalesce(cancelled_at, updated_at) < ${end(to)}
        group by 1`,
  );
  return {
    sessions: sessions.map((r) => ({ month: r.month, n: num(r.n) })),
    reservations: reservations.map((r) => ({ month: r.month, n: num(r.n) })),
  };
}

/**
 * The transactions this database shows a new reader (xmin:xmax:in-progress list): the same text means the same
 * committed data; any write transaction that starts or commits makes a new one (decision 241).
 */
export async function databaseSnapshot(db: DbOrTx): Promise<string> {
  const [row] = await queryRows<{ snapshot: string }>(
    db,
    sql`select pg_current_snapshot()::text as snapshot`,
  );
  return row?.snapshot ?? '';
}
