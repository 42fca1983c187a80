import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminReport, type AdminReport } from '@tibeb/domain/reports/contracts';
import { api } from '../../../lib/api-client.ts';

export type ReportRange = { from?: string; to?: string };

/** GET /api/admin/reports/?from=&to= : every table of the range (EAT dates; default the last twelve months). */
export async function getReport(range: ReportRange): Promise<AdminReport> {
  return adminReport.parse(await api.get<unknown>('/admin/reports/', { query: range, bustCache: true }));
}

export const reportQueryOptions = (range: ReportRange) =>
  queryOptions({
    queryKey: ['admin', 'reports', range],
    queryFn: () => getReport(range),
    placeholderData: keepPreviousData,
  });

export const useReport = (range: ReportRange) => useQuery(reportQueryOptions(range));
