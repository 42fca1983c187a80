import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moveRequestListSchema } from '@tibeb/domain/bookings/tutor-changes';
import { api } from '../../../lib/api-client.ts';

/** The tutor's moves waiting for this family's answer (decision 260): GET, accept, decline. */
export const useMoveRequests = () =>
  useQuery({
    queryKey: ['family', 'move-requests'],
    queryFn: async () =>
      moveRequestListSchema.parse(await api.get<unknown>('/family/move-requests/', { bustCache: true })),
  });

export const useAnswerMoveRequest = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
      api.post<unknown>(`/family/move-requests/${id}/${answer}/`, {}),
    onSettled: () => client.invalidateQueries({ queryKey: ['family'] }),
  });
};
