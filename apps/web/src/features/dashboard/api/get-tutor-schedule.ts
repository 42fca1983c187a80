import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AreaSession } from '@tibeb/domain/accounts/dashboard';
import { api } from '../../../lib/api-client.ts';

export const getTutorSchedule = () => api.get<AreaSession[]>('/tutor/schedule/', { bustCache: true });

export const getTutorScheduleQueryOptions = () =>
  queryOptions({ queryKey: ['area', '/tutor/schedule/'], queryFn: getTutorSchedule });

export const useGetTutorSchedule = () => useQuery(getTutorScheduleQueryOptions());
