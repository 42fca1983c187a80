import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TutorStudentDetail } from '@tibeb/domain/sessions/tutor-area';
import { api } from '../../../lib/api-client.ts';

export const getStudents = () => api.get<TutorStudentDetail[]>('/tutor/students/', { bustCache: true });

export const getStudentsQueryOptions = () =>
  queryOptions({ queryKey: ['tutor-week', 'students'], queryFn: getStudents });

export const useGetStudents = () => useQuery(getStudentsQueryOptions());
