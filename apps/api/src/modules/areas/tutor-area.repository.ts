import { sql, type SQL } from 'drizzle-orm';
import {
  bookedSessionStatuses,
  markedSessionStatuses,
  paidActiveSessionStatuses,
  paidReservationStatuses,
} from '@tibeb/domain/bookings/statuses';
import { queryRows, sqlList, type DbOrTx } from '../../platform/db/client.ts';

// SQL of the tutor's week: sessions with who, the family's zone, the room id and the progress note.

type Ts = Date | string;

export type SessionRow = {
  id: string;
  reservation_id: string;
  starts_at: Ts;
  ends_at: Ts;
  status: string;
  room_id: string;
  marked_at: Ts | null;
  time_zone: string;
  meeting_url: string;
  family_time_zone: string;
  subject: string;
  student_name: string;
  student_grade: string;
  guardian_name: string;
  guardian_email: string;
  guardian_phone: string;
  family_user_id: string | null;
  note: string | null;
  cancel_reason: string;
};

export async function tutorOfUser(db: DbOrTx, userId: string) {
  const [row] = await queryRows<{ id: number; full_name: string; time_zone: string }>(
    db,
    sql`select id, full_name, time_zone from tutors where user_id = ${userId} limit 1`,
  );
  return row;
}

const columns = sql`s.id, s.reservation_id, s.starts_at, s.ends_at, s.status, s.room_id, s.marked_at, s.cancel_reason,
  t.time_zone, t.meeting_url, coalesce(nullif(fu.time_zone, ''), r.family_time_zone) as family_time_zone, r.subject,
  r.student_full_name as student_name, r.student_grade,
  coalesce(nullif(r.guardian_full_name, ''), r.full_name) as guardian_name,
  lower(r.email) as guardian_email, coalesce(nullif(r.guardian_phone, ''), r.phone) as guardian_phone,
  r.family_user_id,
  (select p.note from progress_notes p where p.session_id = s.id and p.withdrawn_at is null
    order by p.created_at desc limit 1) as note`;

const from = sql`from sessions s join reservations r on r.id = s.reservation_id join tutors t on t.id = s.tutor_id
  left join users fu on fu.id = r.family_user_id`;

/** Paid sessions (to come, held, missed) and paid ones cancelled later; never holds, skips or lapsed ones. */
const shown = sql`(s.status in ${sqlList(bookedSessionStatuses)} or (s.status = 'cancelled' and s.cancelled_at is not null))`;

async function sessionsWhere(db: DbOrTx, where: SQL, order: SQL, limit: number) {
  return queryRows<SessionRow>(
    db,
    sql`select ${columns} ${from} where ${where} order by ${order} limit ${limit}`,
  );
}

export function sessionsBetween(db: DbOrTx, tutorId: number, start: Date, end: Date) {
  return sessionsWhere(
    db,
    sql`s.tutor_id = ${tutorId} and ${shown} and s.starts_at >= ${start.toISOString()} and s.starts_at < ${end.toISOString()}`,
    sql`s.starts_at`,
    1000,
  );
}

export async function nextSession(db: DbOrTx, tutorId: number) {
  const [row] = await sessionsWhere(
    db,
    sql`s.tutor_id = ${tutorId} and s.status = 'scheduled' and s.ends_at >= now()`,
    sql`s.starts_at`,
    1,
  );
  return row;
}

/**
 * Started sessions the tutor has not marked yet (attended or no-show) and that have no progress note: still
 * scheduled, or completed by the lifecycle's job at their end without a mark. The last 60 days.
 */
export function awaitingAttendance(db: DbOrTx, tutorId: number) {
  return sessionsWhere(
    db,
    sql`s.tutor_id = ${tutorId} and s.status in ${sqlList(paidActiveSessionStatuses)} and s.marked_at is null
      and s.starts_at <= now() and s.starts_at > now() - interval '60 days'
      and not exists (select 1 from progress_notes p where p.session_id = s.id)`,
    sql`s.starts_at`,
    50,
  );
}

/** Every shown session of the tutor's confirmed bookings, for the students list. */
export function sessionsOfStudents(db: DbOrTx, tutorId: number) {
  return sessionsWhere(
    db,
    sql`s.tutor_id = ${tutorId} and ${shown} and r.status in ${sqlList(paidReservationStatuses)}`,
    sql`s.starts_at`,
    5000,
  );
}

/**
 * Sessions held in [start, end): attended or missed by the family (both are paid). Earnings: each session's
 * share of what its booking cost (the booking's amount over its paid sessions).
 */
export async function heldBetween(db: DbOrTx, tutorId: number, start: Date, end: Date) {
  const [row] = await queryRows<{ held: number; minutes: number; earnings_cents: string | number }>(
    db,
    sql`select count(*)::int as held,
        coalesce(sum(extract(epoch from (s.ends_at - s.starts_at)) / 60), 0)::int as minutes,
        coalesce(sum(r.amount_cents::numeric / nullif((select count(*) from sessions x
          where x.reservation_id = r.id and (x.status in ${sqlList(bookedSessionStatuses)}
            or (x.status = 'cancelled' and x.cancelled_at is not null))), 0)), 0)::bigint as earnings_cents
      from sessions s join reservations r on r.id = s.reservation_id
      where s.tutor_id = ${tutorId} and s.status in ${sqlList(markedSessionStatuses)}
        and s.starts_at >= ${start.toISOString()} and s.starts_at < ${end.toISOString()}`,
  );
  return row!;
}

/**
 * What the tutor earned in [start, end) by the ledger (issue 27, decision 226): their payable entries from held
 * lessons, less what refunds and chargebacks took back, per currency, largest first. Payouts are not counted.
 */
export async function ledgerEarnedBetween(db: DbOrTx, tutorId: number, start: Date, end: Date) {
  return queryRows<{ currency: string; cents: string | number }>(
    db,
    sql`select e.currency, -sum(e.amount_cents) as cents
          from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
         where e.tutor_id = ${tutorId} and e.account = 'tutor_payable'
           and t.kind not in ('payout', 'payout_failed')
           and t.occurred_at >= ${start.toISOString()} and t.occurred_at < ${end.toISOString()}
         group by e.currency
         order by 2 desc, 1`,
  );
}
