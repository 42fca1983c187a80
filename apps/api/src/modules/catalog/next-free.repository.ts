import { activeSessionStatuses } from '@tibeb/domain/bookings/statuses';
import { sql } from 'drizzle-orm';
import { queryRows, sqlList, type DbOrTx } from '../../platform/db/client.ts';

// What a tutor's next free times are computed from (decision 239): the bookable tutors, their active sessions
// (a held one only while its hold runs, as the booking engine counts them), and the stored next-free columns.

export type BookableTutorRow = { id: number; time_zone: string; next_free_at: Date | string | null };

/** The published, active tutors among `ids` (what the booking engine calls bookable). */
export async function selectBookableTutors(db: DbOrTx, ids: number[]): Promise<BookableTutorRow[]> {
  if (ids.length === 0) return [];
  return queryRows<BookableTutorRow>(
    db,
    sql`select id, time_zone, next_free_at from tutors
         where id in ${sqlList(ids.map(String))} and is_published and is_active`,
  );
}

export type ActiveRangeRow = { tutor_id: number; starts_at: Date | string; ends_at: Date | string };

/** The sessions occupying the tutors' time between `from` and `to` at `now` (sessions_tutor_starts_idx). */
export async function selectActiveRanges(
  db: DbOrTx,
  ids: number[],
  from: Date,
  to: Date,
  now: Date,
): Promise<ActiveRangeRow[]> {
  if (ids.length === 0) return [];
  return queryRows<ActiveRangeRow>(
    db,
    sql`select tutor_id, starts_at, ends_at from sessions
         where tutor_id in ${sqlList(ids.map(String))}
           and status in ${sqlList(activeSessionStatuses)}
           and starts_at < ${to.toISOString()}::timestamptz and ends_at > ${from.toISOString()}::timestamptz
           and (status <> 'held' or hold_expires_at is null or hold_expires_at > ${now.toISOString()}::timestamptz)
         order by tutor_id, starts_at`,
  );
}

/** Published tutors whose stored next free time is due to be computed again, the longest due first. */
export async function selectDueTutorIds(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from tutors
         where is_published and is_active and next_free_due_at <= ${now.toISOString()}::timestamptz
         order by next_free_due_at, id limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}

/** The oldest due time among the published tutors (the job's lag), or null when none is due. */
export async function oldestDue(db: DbOrTx, now: Date): Promise<Date | string | null> {
  const [row] = await queryRows<{ due: Date | string | null }>(
    db,
    sql`select min(next_free_due_at) as due from tutors
         where is_published and is_active and next_free_due_at <= ${now.toISOString()}::timestamptz`,
  );
  return row?.due ?? null;
}

/** Stores each tutor's next free start (null: none) and when it is due to be computed again. */
export async function storeNextFree(
  db: DbOrTx,
  rows: { id: number; nextFreeAt: Date | null; dueAt: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.id}::int, ${r.nextFreeAt ? r.nextFreeAt.toISOString() : null}::timestamptz, ${r.dueAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  await db.execute(
    sql`update tutors t set next_free_at = v.at, next_free_due_at = v.due
          from (values ${values}) as v(id, at, due)
         where t.id = v.id`,
  );
}
