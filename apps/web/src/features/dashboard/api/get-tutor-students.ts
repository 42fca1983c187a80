import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TutorStudent } from '@tibeb/domain/accounts/dashboard';
import { api } from '../../../lib/api-client.ts';

export const getTutorStudents = () => api.get<TutorStudent[]>('/tutor/students/', { bustCache: true });

export const getTutorStudentsQueryOptions = () =>
  queryOptions({ queryKey: ['area', '/tutor/students/'], queryFn: getTutorStudents });

export const useGetTutorStudents = () => useQuery(getTutorStudentsQueryOptions());
