import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReservationList } from '@tibeb/domain/admin-reservations/contract';
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

export const listReservations = (params: ReservationListParams) =>
  api.get<AdminReservationList>('/admin/reservations/', { query: params, bustCache: true });

export const reservationsQueryOptions = (params: ReservationListParams) =>
  queryOptions({
    queryKey: ['admin', 'reservations', params],
    queryFn: () => listReservations(params),
    placeholderData: keepPreviousData,
  });

export const useAdminReservations = (params: ReservationListParams) =>
  useQuery(reservationsQueryOptions(params));
