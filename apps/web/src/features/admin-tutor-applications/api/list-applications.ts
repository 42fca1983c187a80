import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  adminApplicationListSchema,
  type AdminApplicationList,
  type ApplicationStatus,
} from '@tibeb/domain/tutoring/contracts';
import { api } from '../../../lib/api-client.ts';

export type ApplicationFilters = { status?: ApplicationStatus | undefined; page: number };

/** GET /api/admin/tutor-applications/?status=&page=: newest first, 20 a page. */
export async function listApplications(filters: ApplicationFilters): Promise<AdminApplicationList> {
  return adminApplicationListSchema.parse(
    await api.get<unknown>('/admin/tutor-applications/', {
      query: { status: filters.status, page: filters.page },
      bustCache: true,
    }),
  );
}

export const useApplications = (filters: ApplicationFilters) =>
  useQuery({
    queryKey: ['admin-tutor-applications', 'list', filters],
    queryFn: () => listApplications(filters),
    placeholderData: keepPreviousData,
  });
