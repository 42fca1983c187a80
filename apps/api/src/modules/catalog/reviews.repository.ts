import { settledReservationStatuses } from '@tibeb/domain/bookings/statuses';
import { sql } from 'drizzle-orm';
import { queryRows, sqlList, type DbOrTx } from '../../platform/db/client.ts';

// Reviews of tutors: the public latest ones, the family's own (one per family and tutor, a unique index),
// and whether the family may write one (a completed session with that tutor).

type Instant = Date | string;

export type ReviewRow = {
  id: number;
  author_name: string;
  rating: number;
  comment: string;
  created_at: Instant;
  updated_at: Instant;
};

export async function tutorExists(db: DbOrTx, tutorId: number) {
  const rows = await queryRows<{ id: number }>(db, sql`select id from tutors where id = ${tutorId}`);
  return rows.length > 0;
}

/**
 * A page of a published tutor's reviews, latest first, and the aggregate the directory shows (mean to two
 * decimals, count): the tutor's review totals, which a trigger on reviews keeps (migration 0005).
 */
export async function latestReviews(db: DbOrTx, tutorId: number, limit: number, offset = 0) {
  const [reviews, [agg]] = await Promise.all([
    queryRows<ReviewRow>(
      db,
      sql`select id, author_name, rating, comment, created_at, updated_at from reviews
        where tutor_id = ${tutorId} order by updated_at desc, id desc limit ${limit} offset ${offset}`,
    ),
    queryRows<{ average_rating: number; total_reviews: number }>(
      db,
      sql`select review_average::float8 as average_rating, review_count as total_reviews
          from tutors where id = ${tutorId}`,
    ),
  ]);
  return {
    reviews,
    average_rating: Number(agg?.average_rating ?? 0),
    total_reviews: agg?.total_reviews ?? 0,
  };
}

export async function isPublishedTutor(db: DbOrTx, tutorId: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from tutors where id = ${tutorId} and is_published`,
  );
  return rows.length > 0;
}

/** Completed sessions of the family with the tutor (what makes a review possible). */
export async function completedWith(db: DbOrTx, userId: string, tutorId: number) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sessions s join reservations r on r.id = s.reservation_id
      where r.family_user_id = ${userId} and s.tutor_id = ${tutorId} and s.status = 'completed'`,
  );
  return row?.n ?? 0;
}

export async function upsertReview(
  db: DbOrTx,
  v: { tutorId: number; userId: string; authorName: string; rating: number; comment: string },
) {
  const [row] = await queryRows<ReviewRow>(
    db,
    sql`insert into reviews (tutor_id, author_user_id, author_name, rating, comment)
      values (${v.tutorId}, ${v.userId}, ${v.authorName}, ${v.rating}, ${v.comment})
      on conflict (tutor_id, author_user_id) where author_user_id is not null
      do update set rating = excluded.rating, comment = excluded.comment, author_name = excluded.author_name,
        updated_at = now()
      returning id, author_name, rating, comment, created_at, updated_at`,
  );
  return row!;
}

export type FamilyTutorRow = {
  tutor_id: number;
  full_name: string;
  subject: string;
  profile_image: string;
  completed_sessions: number;
  upcoming_sessions: number;
  next_session_at: Instant | null;
  review_id: number | null;
  review_author_name: string | null;
  review_rating: number | null;
  review_comment: string | null;
  review_created_at: Instant | null;
  review_updated_at: Instant | null;
};

/** The tutors the family has booked (paid), with its sessions with each and its review of each. */
export async function tutorsOfFamily(db: DbOrTx, userId: string) {
  return queryRows<FamilyTutorRow>(
    db,
    sql`select t.id as tutor_id, t.full_name, t.subject, t.profile_image,
        count(s.id) filter (where s.status = 'completed')::int as completed_sessions,
        count(s.id) filter (where s.status = 'scheduled' and s.ends_at >= now())::int as upcoming_sessions,
        min(s.starts_at) filter (where s.status = 'scheduled' and s.ends_at >= now()) as next_session_at,
        rv.id as review_id, rv.author_name as review_author_name, rv.rating as review_rating,
        rv.comment as review_comment, rv.created_at as review_created_at, rv.updated_at as review_updated_at
      from reservations r join tutors t on t.id = r.tutor_id
      left join sessions s on s.reservation_id = r.id
      left join reviews rv on rv.tutor_id = t.id and rv.author_user_id = ${userId}
      where r.family_user_id = ${userId} and r.status in ${sqlList(settledReservationStatuses)}
      group by t.id, t.full_name, t.subject, t.profile_image, rv.id
      order by t.full_name`,
  );
}

export async function authorNameOf(db: DbOrTx, userId: string) {
  const [row] = await queryRows<{
    first_name: string;
    last_name: string;
    guardian: string | null;
    username: string;
  }>(
    db,
    sql`select u.first_name, u.last_name, u.username,
        (select coalesce(nullif(guardian_full_name, ''), full_name) from reservations
          where family_user_id = u.id order by created_at desc limit 1) as guardian
      from users u where u.id = ${userId}`,
  );
  return row;
}
