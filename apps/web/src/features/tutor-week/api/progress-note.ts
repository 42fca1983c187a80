import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  progressNoteSchema,
  type ProgressNote,
  type ProgressNoteBody,
} from '@tibeb/domain/bookings/progress-notes';
import { api } from '../../../lib/api-client.ts';

const path = (sessionId: string) => `/bookings/sessions/${sessionId}/progress-note/`;

/** GET /api/bookings/sessions/{id}/progress-note/: the lesson's current note, and whether it may still change. */
export async function getProgressNote(sessionId: string): Promise<ProgressNote> {
  return progressNoteSchema.parse(await api.get<unknown>(path(sessionId), { bustCache: true }));
}

export const useProgressNote = (sessionId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['tutor-week', 'progress-note', sessionId],
    queryFn: () => getProgressNote(sessionId),
    enabled,
  });

/** PATCH: the corrected text (decision 261); the family reads it marked edited. */
export const useEditProgressNote = (sessionId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProgressNoteBody) =>
      progressNoteSchema.parse(await api.patch<unknown>(path(sessionId), body)),
    onSuccess: () => client.invalidateQueries({ queryKey: ['tutor-week'] }),
  });
};

/** DELETE: the note is withdrawn; no screen shows it any more. */
export const useWithdrawProgressNote = (sessionId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>(path(sessionId)),
    onSuccess: () => client.invalidateQueries({ queryKey: ['tutor-week'] }),
  });
};
