import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentReservationSchema, type PaymentReservation } from '@tibeb/domain/payments/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/reservations/reservations/{id}/: the payment page's source after a reload or a direct link. */
export async function getReservation(id: string, signal?: AbortSignal): Promise<PaymentReservation> {
  const body = await api.get<unknown>(`/reservations/reservations/${encodeURIComponent(id)}/`, {
    signal,
    bustCache: true,
  });
  return paymentReservationSchema.parse(body);
}

export const reservationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['payments', 'reservation', id],
    queryFn: ({ signal }) => getReservation(id, signal),
    retry: false,
  });

export function useReservation(id: string, enabled: boolean) {
  return useQuery({ ...reservationQueryOptions(id), enabled: enabled && id !== '' });
}
