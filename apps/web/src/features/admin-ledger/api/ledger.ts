import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminLedgerList,
  moneyReport,
  type AdminLedgerList,
  type MoneyReport,
} from '@tibeb/domain/ledger/admin-ledger';
import { z } from 'zod';
import { api, buildUrl } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/auth-storage.ts';

export type LedgerFilters = { tutor?: string; from?: string; to?: string; kind?: string; page?: number };

/** GET /api/admin/ledger/: transactions with their entries, newest first, 50 a page. */
export async function listLedger(filters: LedgerFilters): Promise<AdminLedgerList> {
  const body = await api.get<unknown>('/admin/ledger/', { query: filters, bustCache: true });
  return adminLedgerList.parse(body);
}

export const useLedger = (filters: LedgerFilters) =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'ledger', filters],
      queryFn: () => listLedger(filters),
      placeholderData: keepPreviousData,
    }),
  );

/** What the tutor filter needs of each profile. */
const ledgerTutors = z.array(z.object({ id: z.number().int(), full_name: z.string() }));

/** The tutors to filter by (GET /api/admin/tutors/: every profile, published or not; only id and name read). */
export async function listLedgerTutors(): Promise<z.infer<typeof ledgerTutors>> {
  const body = await api.get<unknown>('/admin/tutors/', { bustCache: true });
  return ledgerTutors.parse(body);
}

export const useLedgerTutors = () =>
  useQuery({ queryKey: ['admin', 'ledger', 'tutors'], queryFn: listLedgerTutors, staleTime: 60_000 });

/**
 * GET /api/admin/ledger/export/: every entry of the matching transactions, saved as a CSV file (a download read
 * as a blob, not JSON).
 */
export async function downloadLedgerCsv(filters: LedgerFilters): Promise<void> {
  const { page: _page, ...rest } = filters;
  const token = getAccessToken();
  const response = await fetch(buildUrl('/admin/ledger/export/', rest, true), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`Export failed (${response.status})`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'ledger.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export type MoneyRange = { from?: string; to?: string };

/** GET /api/admin/reports/money/: money per currency and month from the ledger, and the reconciliation. */
export async function getMoneyReport(range: MoneyRange): Promise<MoneyReport> {
  const body = await api.get<unknown>('/admin/reports/money/', { query: range, bustCache: true });
  return moneyReport.parse(body);
}

export const useMoneyReport = (range: MoneyRange) =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'reports', 'money', range],
      queryFn: () => getMoneyReport(range),
      placeholderData: keepPreviousData,
    }),
  );
