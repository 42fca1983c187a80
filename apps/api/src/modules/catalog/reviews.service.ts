import {
  reviewMessages as msg,
  type FamilyTutor,
  type PublicReview,
  type ReviewBody,
  type TutorReviews,
  reviewBodySchema,
} from '@tibeb/domain/reviews/contracts';
import type { Db } from '../../platform/db/client.ts';
import { forbidden, notFound } from '../../platform/http/app-error.ts';
import { invalidateTutorsCache } from './directory.cache.ts';
import { reviewsCache } from './reviews.cache.ts';
import * as repo from './reviews.repository.ts';

/**
 * Reviews (issue 15 item 4): a family reviews a tutor once a session with them is completed; one review per
 * family and tutor, which it can edit. The directory's rating and count are computed from the reviews table,
 * so every write drops the directory's cache.
 */

const iso = (d: Date | string) => new Date(d).toISOString();
const toReview = (r: repo.ReviewRow): PublicReview => ({
  id: r.id,
  author_name: r.author_name,
  rating: r.rating,
  comment: r.comment,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

/** Tutor ids are PostgreSQL `serial` (int4): a larger number cannot exist. */
const MAX_ID = 2_147_483_647;

/**
 * A page of a published tutor's reviews, latest first; `total` counts them all (the page's paging). Served from
 * memory with its ETag like the tutor's page (decision 244): a public read, changed only by a review or tutor write,
 * each of which drops it (`invalidateTutorsCache`).
 */
export async function publicReviews(
  db: Db,
  tutorId: number,
  limit = 5,
  offset = 0,
): Promise<{ value: TutorReviews & { total: number }; etag: string }> {
  if (tutorId > MAX_ID) throw notFound(msg.tutorNotFound);
  return reviewsCache(db).get(`tutors:reviews:${tutorId}:${limit}:${offset}`, async () => {
    if (!(await repo.isPublishedTutor(db, tutorId))) throw notFound(msg.tutorNotFound);
    const found = await repo.latestReviews(db, tutorId, limit, offset);
    return { ...found, total: found.total_reviews, reviews: found.reviews.map(toReview) };
  });
}

/** How a review is signed: the family's first name and the initial of its last name ("Marta A."). */
export function authorName(full: string): string {
  const parts = full.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'A family';
  if (parts.length === 1) return parts[0]!;
  return `${parts[0]} ${parts[parts.length - 1]!.charAt(0).toUpperCase()}.`;
}

export async function saveReview(db: Db, userId: string, tutorId: number, body: ReviewBody) {
  const input = reviewBodySchema.parse(body);
  if (!(await repo.tutorExists(db, tutorId))) throw notFound(msg.tutorNotFound);
  if ((await repo.completedWith(db, userId, tutorId)) === 0) throw forbidden(msg.notEligible);
  const who = await repo.authorNameOf(db, userId);
  const full =
    `${who?.first_name ?? ''} ${who?.last_name ?? ''}`.trim() || who?.guardian || who?.username || '';
  const row = await repo.upsertReview(db, {
    tutorId,
    userId,
    authorName: authorName(full),
    rating: input.rating,
    comment: input.comment,
  });
  invalidateTutorsCache(db);
  return toReview(row);
}

export async function familyTutors(db: Db, userId: string): Promise<FamilyTutor[]> {
  return (await repo.tutorsOfFamily(db, userId)).map((r) => ({
    tutor_id: Number(r.tutor_id),
    full_name: r.full_name,
    subject: r.subject,
    profile_image: r.profile_image,
    completed_sessions: r.completed_sessions,
    upcoming_sessions: r.upcoming_sessions,
    next_session_at: r.next_session_at ? iso(r.next_session_at) : null,
    can_review: r.completed_sessions > 0,
    review:
      r.review_id === null
        ? null
        : toReview({
            id: r.review_id,
            author_name: r.review_author_name ?? '',
            rating: r.review_rating ?? 0,
            comment: r.review_comment ?? '',
            created_at: r.review_created_at!,
            updated_at: r.review_updated_at!,
          }),
  }));
}
