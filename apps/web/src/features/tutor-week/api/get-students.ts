import { queryOptions, useQuery } from '@tanstack/react-query';
import { tutorStudentDetailListSchema, type TutorStudentDetail } from '@tibeb/domain/sessions/tutor-area';
import { api } from '../../../lib/api-client.ts';

/** GET /api/tutor/students/: the tutor's students with guardian contact and every session. */
export async function getStudents(): Promise<TutorStudentDetail[]> {
  return tutorStudentDetailListSchema.parse(await api.get<unknown>('/tutor/students/', { bustCache: true }));
}

export const getStudentsQueryOptions = () =>
  queryOptions({ queryKey: ['tutor-week', 'students'], queryFn: getStudents });

export const useGetStudents = () => useQuery(getStudentsQueryOptions());
