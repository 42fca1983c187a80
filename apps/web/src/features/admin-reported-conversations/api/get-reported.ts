import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  reportedConversationDetailSchema,
  type ReportedConversationDetail,
} from '@tibeb/domain/messages/reports';
import { api } from '../../../lib/api-client.ts';
import { reportedKeys } from './list-reported.ts';

/**
 * GET /api/admin/reported-conversations/{id}/: reports, messages and the read trail. Every fetch is an audited
 * read, so the screen fetches once when opened (no refetch on focus).
 */
export async function getReported(id: string): Promise<ReportedConversationDetail> {
  const body = await api.get<unknown>(`/admin/reported-conversations/${encodeURIComponent(id)}/`, {
    bustCache: true,
  });
  return reportedConversationDetailSchema.parse(body);
}

export const reportedQueryOptions = (id: string) =>
  queryOptions({
    queryKey: reportedKeys.detail(id),
    queryFn: () => getReported(id),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });

export const useReported = (id: string) => useQuery(reportedQueryOptions(id));
