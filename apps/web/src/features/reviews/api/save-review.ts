import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publicReviewSchema, type PublicReview, type ReviewBody } from '@tibeb/domain/reviews/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/student/tutors/{id}/review/: the review as saved. */
export async function saveReview({
  tutorId,
  ...body
}: ReviewBody & { tutorId: number }): Promise<PublicReview> {
  const answer = await apiRequest<unknown>(`/student/tutors/${tutorId}/review/`, { method: 'PUT', body });
  return publicReviewSchema.parse(answer);
}

export const useSaveReview = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveReview,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['reviews'] });
      // The directory's rating and count are computed from the reviews.
      void client.invalidateQueries({ queryKey: ['tutors'] });
    },
  });
};
