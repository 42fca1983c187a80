import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  homeworkListSchema,
  homeworkSchema,
  type Homework,
  type HomeworkBody,
  type HomeworkNoteBody,
} from '@tibeb/domain/homework/contracts';
import { api, apiRequest } from '../../../lib/api-client.ts';

/** Homework (decision 270): the tutor's and the family's reads and changes, one query key per side. */

export const homeworkKeys = {
  tutor: ['homework', 'tutor'] as const,
  family: ['homework', 'family'] as const,
};

/** GET /api/tutor/homework/: the tutor's homework on recent and coming lessons. */
export const useTutorHomework = () =>
  useQuery({
    queryKey: homeworkKeys.tutor,
    queryFn: async () =>
      homeworkListSchema.parse(await api.get<unknown>('/tutor/homework/', { bustCache: true })),
  });

/** GET /api/student/homework/: the family's homework, the latest lessons first. */
export const useFamilyHomework = () =>
  useQuery({
    queryKey: homeworkKeys.family,
    queryFn: async () =>
      homeworkListSchema.parse(await api.get<unknown>('/student/homework/', { bustCache: true })),
  });

function useTutorChange<V>(call: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: homeworkKeys.tutor }),
  });
}

/** POST /api/tutor/sessions/{id}/homework/: set homework on a lesson (the family is e-mailed). */
export const useSetHomework = (sessionId: string) =>
  useTutorChange(async (body: HomeworkBody) =>
    homeworkSchema.parse(await api.post<unknown>(`/tutor/sessions/${sessionId}/homework/`, body)),
  );

/** PATCH /api/tutor/homework/{id}/: change it while it is not done. */
export const useEditHomework = (id: string) =>
  useTutorChange(async (body: HomeworkBody) =>
    homeworkSchema.parse(await api.patch<unknown>(`/tutor/homework/${id}/`, body)),
  );

/** DELETE /api/tutor/homework/{id}/. */
export const useDeleteHomework = (id: string) =>
  useTutorChange(() => api.delete<unknown>(`/tutor/homework/${id}/`));

/** PUT /api/tutor/homework/{id}/note/: the tutor's note, shown to the family. */
export const useNoteHomework = (id: string) =>
  useTutorChange(async (body: HomeworkNoteBody) =>
    homeworkSchema.parse(await apiRequest<unknown>(`/tutor/homework/${id}/note/`, { method: 'PUT', body })),
  );

/** POST /api/student/homework/{id}/done/: done, or not done after all. */
export const useMarkHomeworkDone = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (done: boolean): Promise<Homework> =>
      homeworkSchema.parse(await api.post<unknown>(`/student/homework/${id}/done/`, { done })),
    onSuccess: () => client.invalidateQueries({ queryKey: homeworkKeys.family }),
  });
};
