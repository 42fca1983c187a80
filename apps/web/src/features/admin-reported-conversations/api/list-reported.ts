import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  reportedListSchema,
  type ReportedList,
  type ReportedListQuery,
} from '@tibeb/domain/messages/reports';
import { api } from '../../../lib/api-client.ts';

export const reportedKeys = {
  all: ['admin', 'reported-conversations'] as const,
  list: (filters: ReportedListQuery) => ['admin', 'reported-conversations', 'list', filters] as const,
  detail: (id: string) => ['admin', 'reported-conversations', 'detail', id] as const,
};

/** GET /api/admin/reported-conversations/: only conversations someone reported, open ones first. */
export async function listReported(filters: ReportedListQuery): Promise<ReportedList> {
  const body = await api.get<unknown>('/admin/reported-conversations/', { query: filters, bustCache: true });
  return reportedListSchema.parse(body);
}

export const reportedListQueryOptions = (filters: ReportedListQuery) =>
  queryOptions({
    queryKey: reportedKeys.list(filters),
    queryFn: () => listReported(filters),
    placeholderData: keepPreviousData,
  });

export const useReportedList = (filters: ReportedListQuery) => useQuery(reportedListQueryOptions(filters));
