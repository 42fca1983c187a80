import { queryOptions, useQuery } from '@tanstack/react-query';
import { reservationSummarySchema, type ReservationSummary } from '@tibeb/domain/bookings/payload';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /api/reservations/reservations/{id}/ for the wizard (decision 253): a booking this browser made, to tell
 * whether it still waits for payment, and "book these times again".
 */
export async function getBookingReservation(id: string, signal?: AbortSignal): Promise<ReservationSummary> {
  const body = await api.get<unknown>(`/reservations/reservations/${encodeURIComponent(id)}/`, {
    signal,
    bustCache: true,
  });
  return reservationSummarySchema.parse(body);
}

export const bookingReservationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['bookings', 'reservation', id],
    queryFn: ({ signal }) => getBookingReservation(id, signal),
    retry: false,
  });

export function useBookingReservation(id: string, enabled: boolean) {
  return useQuery({ ...bookingReservationQueryOptions(id), enabled: enabled && id !== '' });
}
