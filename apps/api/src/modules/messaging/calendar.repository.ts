import { sql } from 'drizzle-orm';
import { bookedSessionStatuses } from '@tibeb/domain/bookings/statuses';
import { queryRows, sqlList, type DbOrTx } from '../../platform/db/client.ts';

export async function userByToken(db: DbOrTx, token: string) {
  const [row] = await queryRows<{ id: string; role: string; locale: string }>(
    db,
    sql`select id, role, locale from users where calendar_token = ${token} and is_active`,
  );
  return row;
}

export async function tokenOf(db: DbOrTx, userId: string) {
  const [row] = await queryRows<{ calendar_token: string | null }>(
    db,
    sql`select calendar_token from users where id = ${userId}`,
  );
  return row?.calendar_token ?? null;
}

export async function setToken(db: DbOrTx, userId: string, token: string | null) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update users set calendar_token = ${token} where id = ${userId} returning id`,
  );
  return rows.length > 0;
}

export type FeedRow = {
  id: string;
  starts_at: Date | string;
  ends_at: Date | string;
  status: string;
  updated_at: Date | string;
  created_at: Date | string;
  time_zone: string;
  subject: string;
  student_name: string;
  guardian_name: string;
  tutor_name: string;
};

const columns = sql`s.id, s.starts_at, s.ends_at, s.status, s.updated_at, s.created_at, t.time_zone,
  r.subject, r.student_full_name as student_name,
  coalesce(nullif(r.guardian_full_name, ''), r.full_name) as guardian_name, t.full_name as tutor_name`;

/**
 * Sessions a calendar shows: paid ones (to come, held, missed) and the cancelled ones that had been paid, so a
 * subscribed calendar removes them; from 60 days back to a year ahead.
 */
const feedWindow = sql`s.starts_at >= now() - interval '60 days' and s.starts_at < now() + interval '366 days'
  and (s.status in ${sqlList(bookedSessionStatuses)} or (s.status = 'cancelled' and s.cancelled_at is not null))`;

export async function tutorFeed(db: DbOrTx, tutorUserId: string) {
  return queryRows<FeedRow>(
    db,
    sql`select ${columns} from sessions s join reservations r on r.id = s.reservation_id
      join tutors t on t.id = s.tutor_id
      where t.user_id = ${tutorUserId} and ${feedWindow} order by s.starts_at limit 2000`,
  );
}

export async function familyFeed(db: DbOrTx, familyUserId: string) {
  return queryRows<FeedRow>(
    db,
    sql`select ${columns} from sessions s join reservations r on r.id = s.reservation_id
      join tutors t on t.id = s.tutor_id
      where r.family_user_id = ${familyUserId} and ${feedWindow} order by s.starts_at limit 2000`,
  );
}
