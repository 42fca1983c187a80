import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reservationPreviewSchema, type ReservationPreview } from '@tibeb/domain/bookings/lifecycle';
import type { ReservationPayload } from '@tibeb/domain/bookings/payload';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/reservations/preview/ (issue 11 §3): the plan the server will book — every planned date and time,
 * the skipped ones with why, and the amount it will charge. Writes nothing.
 */
export async function previewReservation(
  payload: ReservationPayload,
  signal?: AbortSignal,
): Promise<ReservationPreview> {
  const body = await api.post<unknown>('/reservations/preview/', payload, { signal, bustCache: true });
  return reservationPreviewSchema.parse(body);
}

export const previewQueryOptions = (payload: ReservationPayload) =>
  queryOptions({
    queryKey: ['bookings', 'preview', payload],
    queryFn: ({ signal }) => previewReservation(payload, signal),
    retry: false,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

/** The confirmation step's plan; `payload` null while the step is not shown. */
export function usePreviewReservation(payload: ReservationPayload | null) {
  return useQuery({
    ...previewQueryOptions(payload ?? ({} as ReservationPayload)),
    enabled: payload !== null,
  });
}
