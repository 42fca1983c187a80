import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { upcomingSessionStatuses } from '@tibeb/domain/bookings/statuses';
import { queryRows, sqlList, type DbOrTx } from '../../../platform/db/client.ts';
import {
  bookingEvents,
  creditLedger,
  payments,
  reservations,
  sessions,
  tutors,
  users,
} from '../../../platform/db/schema/index.ts';

export type ListFilter = {
  status?: string;
  tutorId?: number;
  fromInstant?: Date;
  toInstant?: Date;
  q?: string;
  limit: number;
  offset: number;
};

export type ReservationListRow = {
  id: string;
  status: string;
  kind: 'weekly' | 'trial';
  tutor_id: number;
  tutor_name: string;
  subject: string;
  family_name: string;
  family_email: string;
  student_name: string;
  date: string;
  time: string;
  duration_minutes: number;
  amount_cents: number;
  currency: string;
  sessions_count: number;
  next_session_at: Date | string | null;
  created_at: Date | string;
};

/**
 * The reservations with a session in the date range, read once from the sessions' start index into a
 * materialized list (decision 241): probing every reservation's sessions newest first would read them all.
 */
function ranged(f: ListFilter): SQL | null {
  if (!f.fromInstant && !f.toInstant) return null;
  const range: SQL[] = [];
  if (f.fromInstant) range.push(sql`s.starts_at >= ${f.fromInstant.toISOString()}::timestamptz`);
  if (f.toInstant) range.push(sql`s.starts_at < ${f.toInstant.toISOString()}::timestamptz`);
  return sql`ranged as materialized (
      select distinct s.reservation_id as id from sessions s where ${sql.join(range, sql` and `)})`;
}

/** `with` and the common table expressions given (none: nothing). */
function withClause(...ctes: (SQL | null)[]): SQL {
  const present = ctes.filter((c): c is SQL => c !== null);
  return present.length ? sql`with ${sql.join(present, sql`, `)}` : sql``;
}

function whereOf(f: ListFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.status) parts.push(sql`r.status = ${f.status}`);
  if (f.tutorId) parts.push(sql`r.tutor_id = ${f.tutorId}`);
  if (f.fromInstant || f.toInstant) parts.push(sql`r.id in (select id from ranged)`);
  if (f.q) {
    // A substring of any searched column, `%`, `_` and `\` taken literally: each `ilike` is served by the trigram
    // index reservations_search_idx (decision 243).
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      sql`(r.full_name ilike ${like} or r.email ilike ${like} or r.guardian_full_name ilike ${like} or r.guardian_email ilike ${like} or r.student_full_name ilike ${like})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/**
 * The ids of one page of reservations, newest first (then by id), in the order of an index (created_at desc, id;
 * after the status or tutor filter too; decision 241). A search reads the trigram index of the searched columns
 * (decision 243). A date range is the one filter that cannot be walked in this order: its reservations are found
 * through their sessions, every one of the range (the service keeps that page per database snapshot).
 */
export async function selectReservationIds(db: DbOrTx, f: ListFilter): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`${withClause(ranged(f))}
        select r.id from reservations r
         where ${whereOf(f)}
         order by r.created_at desc, r.id
         limit ${f.limit} offset ${f.offset}`,
  );
  return rows.map((r) => r.id);
}

/** The list's rows of the reservations given, in the order given: only these are joined and their sessions counted. */
export async function selectReservationRows(db: DbOrTx, ids: string[]): Promise<ReservationListRow[]> {
  if (ids.length === 0) return [];
  return queryRows<ReservationListRow>(
    db,
    sql`
    select r.id, r.status, r.kind, r.tutor_id, t.full_name as tutor_name, r.subject,
           coalesce(nullif(r.guardian_full_name, ''), r.full_name) as family_name,
           coalesce(nullif(r.guardian_email, ''), r.email) as family_email,
           r.student_full_name as student_name, r.date::text as date, r.time,
           r.duration_minutes, r.amount_cents, r.currency,
           (select count(*)::int from sessions s where s.reservation_id = r.id and s.status <> 'skipped') as sessions_count,
           (select min(s.starts_at) from sessions s
             where s.reservation_id = r.id and s.status in ${sqlList(upcomingSessionStatuses)} and s.starts_at > now()) as next_session_at,
           r.created_at
      from unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as p(id, n)
      join reservations r on r.id = p.id
      join tutors t on t.id = r.tutor_id
     order by p.n`,
  );
}

/**
 * How many reservations the filter matches: an index-only count without a filter (every reservation: the
 * service keeps it per database snapshot), the trigram index for a search.
 */
export async function countReservations(db: DbOrTx, f: ListFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`${withClause(ranged(f))} select count(*)::int as n from reservations r where ${whereOf(f)}`,
  );
  return Number(row?.n ?? 0);
}

export async function selectReservation(db: DbOrTx, id: string) {
  const rows = await db
    .select({ r: reservations, tutorName: tutors.fullName })
    .from(reservations)
    .innerJoin(tutors, eq(tutors.id, reservations.tutorId))
    .where(eq(reservations.id, id));
  return rows[0] ?? null;
}

export function selectSessions(db: DbOrTx, reservationId: string) {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.reservationId, reservationId))
    .orderBy(asc(sessions.startsAt));
}

export function selectPayments(db: DbOrTx, reservationId: string) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.reservationId, reservationId))
    .orderBy(asc(payments.createdAt));
}

export function selectHistory(db: DbOrTx, reservationId: string) {
  return db
    .select({
      id: bookingEvents.id,
      action: bookingEvents.action,
      sessionId: bookingEvents.sessionId,
      detail: bookingEvents.detail,
      createdAt: bookingEvents.createdAt,
      actor: users.username,
    })
    .from(bookingEvents)
    .leftJoin(users, eq(users.id, bookingEvents.actorUserId))
    .where(eq(bookingEvents.reservationId, reservationId))
    .orderBy(desc(bookingEvents.createdAt));
}

/** The family's credit balance in one currency: the ledger's sum for the (lower-case) e-mail. */
export async function creditBalance(db: DbOrTx, email: string, currency: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${creditLedger.amountCents}), 0)` })
    .from(creditLedger)
    .where(
      sql`${creditLedger.familyEmail} = ${email.toLowerCase()} and ${creditLedger.currency} = ${currency}`,
    );
  return Number(row?.total ?? 0);
}
