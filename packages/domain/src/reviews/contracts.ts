import { z } from 'zod';
import { codedMessages } from '../shared/error-codes.ts';

/** Reviews of tutors by families (issue 15 item 4): one per family and tutor, editable. */

export const reviewMessages = {
  notEligible: 'You can review a tutor once a session with them is completed.',
  tutorNotFound: 'Tutor not found.',
  ratingRange: 'Choose 1 to 5 stars.',
  commentTooLong: 'Keep the review under 2,000 characters.',
} as const;

/** Their codes (shared/error-codes.ts): `review_not_eligible`, `tutor_not_found`, … */
export const reviewMessageCodes = codedMessages(reviewMessages, {
  prefix: 'review_',
  codes: { tutorNotFound: 'tutor_not_found' },
});

export const REVIEW_COMMENT_MAX = 2000;

export const publicReviewSchema = z.object({
  id: z.number().int(),
  author_name: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const tutorReviewsSchema = z.object({
  average_rating: z.number(),
  total_reviews: z.number().int(),
  reviews: z.array(publicReviewSchema),
});
export type TutorReviews = z.infer<typeof tutorReviewsSchema>;

export const reviewBodySchema = z.object({
  rating: z.coerce
    .number({ error: reviewMessages.ratingRange })
    .int(reviewMessages.ratingRange)
    .min(1, reviewMessages.ratingRange)
    .max(5, reviewMessages.ratingRange),
  comment: z.string().trim().max(REVIEW_COMMENT_MAX, reviewMessages.commentTooLong).default(''),
});
export type ReviewBody = z.input<typeof reviewBodySchema>;

/** A tutor the family booked, with its sessions and the family's review (null until written). */
export const familyTutorSchema = z.object({
  tutor_id: z.number().int(),
  full_name: z.string(),
  subject: z.string(),
  profile_image: z.string(),
  completed_sessions: z.number().int(),
  upcoming_sessions: z.number().int(),
  next_session_at: z.string().nullable(),
  can_review: z.boolean(),
  review: publicReviewSchema.nullable(),
});
export type FamilyTutor = z.infer<typeof familyTutorSchema>;

export const tutorIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** The mean shown on cards: two decimals, as the directory computes it; 0 without reviews. */
export function averageRating(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  return Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100;
}

/** GET /api/student/my-tutors/. */
export const familyTutorListSchema = z.array(familyTutorSchema);
