import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentTutor } from '@tibeb/domain/accounts/dashboard';
import { api } from '../../../lib/api-client.ts';

export const getStudentTutors = () => api.get<StudentTutor[]>('/student/tutors/', { bustCache: true });

export const getStudentTutorsQueryOptions = () =>
  queryOptions({ queryKey: ['area', '/student/tutors/'], queryFn: getStudentTutors });

export const useGetStudentTutors = () => useQuery(getStudentTutorsQueryOptions());
