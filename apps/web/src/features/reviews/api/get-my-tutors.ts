import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FamilyTutor } from '@tibeb/domain/reviews/contracts';
import { api } from '../../../lib/api-client.ts';

export const getMyTutors = () => api.get<FamilyTutor[]>('/student/my-tutors/', { bustCache: true });

export const getMyTutorsQueryOptions = () =>
  queryOptions({ queryKey: ['reviews', 'my-tutors'], queryFn: getMyTutors });

export const useGetMyTutors = () => useQuery(getMyTutorsQueryOptions());
