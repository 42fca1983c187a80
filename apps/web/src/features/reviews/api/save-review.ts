import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicReview, ReviewBody } from '@tibeb/domain/reviews/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const saveReview = ({ tutorId, ...body }: ReviewBody & { tutorId: number }) =>
  apiRequest<PublicReview>(`/student/tutors/${tutorId}/review/`, { method: 'PUT', body });

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
