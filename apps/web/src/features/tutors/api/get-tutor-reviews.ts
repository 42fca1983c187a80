import { queryOptions, useQuery } from '@tanstack/react-query';
import { tutorReviewsSchema, type TutorReviews } from '@tibeb/domain/reviews/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/tutors/public/{id}/reviews/?limit=3 : the latest reviews, with the rating and count. */
export async function getTutorReviews(tutorId: number): Promise<TutorReviews> {
  const body = await api.get<unknown>(`/tutors/public/${tutorId}/reviews/`, { query: { limit: 3 } });
  return tutorReviewsSchema.parse(body);
}

export const getTutorReviewsQueryOptions = (tutorId: number) =>
  queryOptions({ queryKey: ['tutors', 'reviews', tutorId], queryFn: () => getTutorReviews(tutorId) });

export const useGetTutorReviews = (tutorId: number | null) =>
  useQuery({ ...getTutorReviewsQueryOptions(tutorId ?? 0), enabled: tutorId !== null });
