import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../platform/db/client.ts';

// Reads for the signed-in areas' screens. Timestamps come back as Date (both drivers); the service formats them.

export type SessionRow = {
  id: string;
  reservation_id: string;
  starts_at: Date | string;
  ends_at: Date | string;
  status: string;
  time_zone: string;
  subject: string;
  student_name: string;
  tutor_id: number;
  tutor_name: string;
};

export async function adminCounts(db: DbOrTx) {
  const [row] = await queryRows<{
    users: number;
    tutors: number;
    reservations: number;
    confirmed: number;
    upcoming: number;
    revenue_cents: string | number;
  }>(
    db,
    sql`select
      (select count(*) from users)::int as users,
      (select count(*) from tutors where is_active)::int as tutors,
      (select count(*) from reservations)::int as reservations,
      (select count(*) from reservations where status in ('confirmed', 'completed'))::int as confirmed,
      (select count(*) from sessions where status = 'scheduled' and starts_at >= now())::int as upcoming,
      -- Revenue in dollars: what was paid, minus what was refunded (birr is never added to dollars; the reports
      -- and the payments list total each currency apart, decision 171).
      (select coalesce(sum(amount_cents - refunded_cents), 0) from payments
        where status in ('paid', 'partially_refunded', 'refunded') and currency = 'USD')::bigint as revenue_cents`,
  );
  return row!;
}

export async function tutorOfUser(db: DbOrTx, userId: string) {
  const [row] = await queryRows<{ id: number; full_name: string }>(
    db,
    sql`select id, full_name from tutors where user_id = ${userId} limit 1`,
  );
  return row;
}

const sessionColumns = sql`s.id, s.reservation_id, s.starts_at, s.ends_at, s.status, t.time_zone,
  r.subject, r.student_full_name as student_name, t.id as tutor_id, t.full_name as tutor_name`;

/** Paid sessions ahead of a tutor, soonest first. */
export async function upcomingForTutor(db: DbOrTx, tutorId: number, until: Date | null, limit: number) {
  return queryRows<SessionRow>(
    db,
    sql`select ${sessionColumns}
      from sessions s join reservations r on r.id = s.reservation_id join tutors t on t.id = s.tutor_id
      where s.tutor_id = ${tutorId} and s.status = 'scheduled' and s.ends_at >= now()
        ${until ? sql`and s.starts_at < ${until.toISOString()}` : sql``}
      order by s.starts_at limit ${limit}`,
  );
}

/** Paid sessions ahead of a family account, soonest first. */
export async function upcomingForFamily(db: DbOrTx, userId: string, limit: number) {
  return queryRows<SessionRow>(
    db,
    sql`select ${sessionColumns}
      from sessions s join reservations r on r.id = s.reservation_id join tutors t on t.id = s.tutor_id
      where r.family_user_id = ${userId} and s.status = 'scheduled' and s.ends_at >= now()
      order by s.starts_at limit ${limit}`,
  );
}

export async function tutorCounts(db: DbOrTx, tutorId: number) {
  const [row] = await queryRows<{ students: number; this_week: number }>(
    db,
    sql`select
      (select count(distinct lower(student_full_name) || '|' || lower(email)) from reservations
        where tutor_id = ${tutorId} and status in ('confirmed', 'completed'))::int as students,
      (select count(*) from sessions where tutor_id = ${tutorId} and status = 'scheduled'
        and starts_at >= now() and starts_at < now() + interval '7 days')::int as this_week`,
  );
  return row!;
}

export async function familyCounts(db: DbOrTx, userId: string) {
  const [row] = await queryRows<{ reservations: number; completed: number; upcoming: number }>(
    db,
    sql`select
      (select count(*) from reservations where family_user_id = ${userId}
        and status in ('confirmed', 'completed'))::int as reservations,
      (select count(*) from sessions s join reservations r on r.id = s.reservation_id
        where r.family_user_id = ${userId}
          and (s.status = 'completed' or (s.status = 'scheduled' and s.ends_at < now())))::int as completed,
      (select count(*) from sessions s join reservations r on r.id = s.reservation_id
        where r.family_user_id = ${userId} and s.status = 'scheduled' and s.ends_at >= now())::int as upcoming`,
  );
  return row!;
}

export async function tutorsOfFamily(db: DbOrTx, userId: string) {
  return queryRows<{
    tutor_id: number;
    full_name: string;
    subject: string;
    profile_image: string;
    next_session_at: Date | string | null;
  }>(
    db,
    sql`select t.id as tutor_id, t.full_name, t.subject, t.profile_image,
        min(s.starts_at) filter (where s.status = 'scheduled' and s.ends_at >= now()) as next_session_at
      from reservations r join tutors t on t.id = r.tutor_id left join sessions s on s.reservation_id = r.id
      where r.family_user_id = ${userId} and r.status in ('confirmed', 'completed')
      group by t.id, t.full_name, t.subject, t.profile_image
      order by t.full_name`,
  );
}

export async function progressNotesOf(db: DbOrTx, userId: string) {
  return queryRows<{ id: string; tutor_name: string; note: string; created_at: Date | string }>(
    db,
    sql`select p.id, t.full_name as tutor_name, p.note, p.created_at
      from progress_notes p join tutors t on t.id = p.tutor_id
      left join reservations r on r.id = p.reservation_id
      where p.student_user_id = ${userId} or r.family_user_id = ${userId}
      order by p.created_at desc limit 50`,
  );
}
