import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TutorReviews } from '@tibeb/domain/reviews/contracts';
import { api } from '../../../lib/api-client.ts';

export const getTutorReviews = (tutorId: number) =>
  api.get<TutorReviews>(`/tutors/public/${tutorId}/reviews/`, { query: { limit: 3 } });

export const getTutorReviewsQueryOptions = (tutorId: number) =>
  queryOptions({ queryKey: ['tutors', 'reviews', tutorId], queryFn: () => getTutorReviews(tutorId) });

export const useGetTutorReviews = (tutorId: number | null) =>
  useQuery({ ...getTutorReviewsQueryOptions(tutorId ?? 0), enabled: tutorId !== null });
