import { queryOptions, useQuery } from '@tanstack/react-query';
import { familyTutorListSchema, type FamilyTutor } from '@tibeb/domain/reviews/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/student/my-tutors/: the tutors the family booked, with its review of each. */
export async function getMyTutors(): Promise<FamilyTutor[]> {
  return familyTutorListSchema.parse(await api.get<unknown>('/student/my-tutors/', { bustCache: true }));
}

export const getMyTutorsQueryOptions = () =>
  queryOptions({ queryKey: ['reviews', 'my-tutors'], queryFn: getMyTutors });

export const useGetMyTutors = () => useQuery(getMyTutorsQueryOptions());
