import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  availableAnswerSchema,
  availablePath,
  availableQuery,
  type AvailableAnswer,
} from '@tibeb/domain/bookings/available';
import { withoutPast } from '@tibeb/domain/bookings/future-times';
import {
  moveRequestListSchema,
  tutorMoveResultSchema,
  type AskOfficeBody,
  type SickDayBody,
  type TutorCancelBody,
  type TutorMoveBody,
  type TutorMoveResult,
} from '@tibeb/domain/bookings/tutor-changes';
import { api } from '../../../lib/api-client.ts';

/**
 * The tutor's side of changes (decision 260): cancel, move (done, or asked of the family inside the notice
 * window), sick day, ask the office, and the moves waiting for a family's answer.
 */

const useRefresh = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['tutor-week'] });
};

export const useCancelLesson = (sessionId: string) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TutorCancelBody) => api.post<unknown>(`/tutor/sessions/${sessionId}/cancel/`, body),
    onSuccess: refresh,
  });
};

export const useMoveLesson = (sessionId: string) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: TutorMoveBody): Promise<TutorMoveResult> =>
      tutorMoveResultSchema.parse(await api.post<unknown>(`/tutor/sessions/${sessionId}/move/`, body)),
    onSuccess: refresh,
  });
};

export const useReportSick = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: SickDayBody) => await api.post<{ cancelled: number }>('/tutor/sick-day/', body),
    onSuccess: refresh,
  });
};

export const useAskOffice = () =>
  useMutation({ mutationFn: (body: AskOfficeBody) => api.post<unknown>('/tutor/ask-office/', body) });

export const useTutorMoveRequests = () =>
  useQuery({
    queryKey: ['tutor-week', 'move-requests'],
    queryFn: async () =>
      moveRequestListSchema.parse(await api.get<unknown>('/tutor/move-requests/', { bustCache: true })),
  });

export const useWithdrawMoveRequest = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.post<unknown>(`/tutor/move-requests/${id}/withdraw/`, {}),
    onSuccess: refresh,
  });
};

/** The tutor's free start times of a month (EAT), the lesson's own time counted free. */
export const useFreeTimes = (
  tutorId: number | null,
  month: { year: number; month: number },
  durationMinutes: number,
  exceptSessionId: string,
) =>
  useQuery({
    queryKey: ['tutor-week', 'free', tutorId, month.year, month.month, durationMinutes, exceptSessionId],
    enabled: tutorId !== null,
    queryFn: async (): Promise<AvailableAnswer> =>
      withoutPast(
        availableAnswerSchema.parse(
          await api.get<unknown>(availablePath, {
            query: availableQuery({
              tutorId: tutorId!,
              year: month.year,
              month: month.month,
              durationMinutes,
              exceptSessionId,
            }),
            bustCache: true,
          }),
        ),
      ),
  });
