import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminReservationDetailSchema,
  type AdminReservationDetail,
} from '@tibeb/domain/admin-reservations/contract';
import { api } from '../../../lib/api-client.ts';

/** GET /api/admin/reservations/{id}/: family, student, every session, payments, credit and history. */
export async function getReservation(id: string): Promise<AdminReservationDetail> {
  const body = await api.get<unknown>(`/admin/reservations/${encodeURIComponent(id)}/`, { bustCache: true });
  return adminReservationDetailSchema.parse(body);
}

export const reservationQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['admin', 'reservation', id], queryFn: () => getReservation(id) });

export const useAdminReservation = (id: string) => useQuery(reservationQueryOptions(id));
