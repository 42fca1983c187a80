import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReservationDetail } from '@tibeb/domain/admin-reservations/contract';
import { api } from '../../../lib/api-client.ts';

export const getReservation = (id: string) =>
  api.get<AdminReservationDetail>(`/admin/reservations/${encodeURIComponent(id)}/`, { bustCache: true });

export const reservationQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['admin', 'reservation', id], queryFn: () => getReservation(id) });

export const useAdminReservation = (id: string) => useQuery(reservationQueryOptions(id));
