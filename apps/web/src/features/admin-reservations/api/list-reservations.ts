import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminReservationListSchema,
  type AdminReservationList,
} from '@tibeb/domain/admin-reservations/contract';
import { api } from '../../../lib/api-client.ts';

export type ReservationListParams = {
  status?: string;
  tutor_id?: number;
  from?: string;
  to?: string;
  q?: string;
  page?: number;
  page_size?: number;
};

/** GET /api/admin/reservations/: newest first, filtered, paged. */
export async function listReservations(params: ReservationListParams): Promise<AdminReservationList> {
  const body = await api.get<unknown>('/admin/reservations/', { query: params, bustCache: true });
  return adminReservationListSchema.parse(body);
}

export const reservationsQueryOptions = (params: ReservationListParams) =>
  queryOptions({
    queryKey: ['admin', 'reservations', params],
    queryFn: () => listReservations(params),
    placeholderData: keepPreviousData,
  });

export const useAdminReservations = (params: ReservationListParams) =>
  useQuery(reservationsQueryOptions(params));
