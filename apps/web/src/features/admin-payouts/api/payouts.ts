import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminPayoutsResponseSchema,
  payoutRunPreviewSchema,
  payoutRunResponseSchema,
  payoutSchema,
  type AdminPayouts,
  type Payout,
  type PayoutRunBody,
  type PayoutRunPreview,
} from '@tibeb/domain/ledger/payouts';
import { api, buildUrl } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/auth-storage.ts';

export type PayoutFilters = { status?: Payout['status']; page?: number; eligible_page?: number };

/** GET /api/admin/payouts/: the rail, a page of the balances with their totals, the runs and a page of payouts. */
export async function listPayouts(filters: PayoutFilters): Promise<AdminPayouts> {
  const body = await api.get<unknown>('/admin/payouts/', { query: filters, bustCache: true });
  return adminPayoutsResponseSchema.parse(body);
}

export const payoutsQueryOptions = (filters: PayoutFilters) =>
  queryOptions({
    queryKey: ['admin', 'payouts', filters],
    queryFn: () => listPayouts(filters),
    placeholderData: keepPreviousData,
  });

export const usePayouts = (filters: PayoutFilters) => useQuery(payoutsQueryOptions(filters));

/** GET /api/admin/payouts/preview/: what a run at this rate would pay now (every balance, not a page). */
export async function previewRun(etbPerUsd: number | null): Promise<PayoutRunPreview> {
  const query = etbPerUsd === null ? {} : { etb_per_usd: etbPerUsd };
  const body = await api.get<unknown>('/admin/payouts/preview/', { query, bustCache: true });
  return payoutRunPreviewSchema.parse(body);
}

/** The preview while the confirmation is open (`enabled`), read again each time it opens. */
export const useRunPreview = (etbPerUsd: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'payouts', 'preview', etbPerUsd],
    queryFn: () => previewRun(etbPerUsd),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });

function useInvalidating<A, R>(fn: (a: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** POST /api/admin/payouts/: a new run at the admin's rate. */
export const createRun = async (body: PayoutRunBody) =>
  payoutRunResponseSchema.parse(await api.post<unknown>('/admin/payouts/', body));
export const useCreateRun = () => useInvalidating(createRun);

/** POST /api/admin/payouts/{id}/retry/: a failed payout sent again. */
export const retryPayout = async (id: string) =>
  payoutSchema.parse(await api.post<unknown>(`/admin/payouts/${encodeURIComponent(id)}/retry/`, {}));
export const useRetryPayout = () => useInvalidating(retryPayout);

/** POST /api/admin/payouts/{id}/mark-paid/ or /mark-failed/ (manual runs). */
export const markPayout = async ({
  id,
  outcome,
  reason,
}: {
  id: string;
  outcome: 'paid' | 'failed';
  reason?: string;
}) =>
  payoutSchema.parse(
    await api.post<unknown>(`/admin/payouts/${encodeURIComponent(id)}/mark-${outcome}/`, {
      ...(reason ? { reason } : {}),
    }),
  );
export const useMarkPayout = () => useInvalidating(markPayout);

/** GET /api/admin/payouts/runs/{id}/bank-file.csv: a manual run's bank file, saved as a CSV file. */
export async function downloadBankFile(runId: string): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(
    buildUrl(`/admin/payouts/runs/${encodeURIComponent(runId)}/bank-file.csv`, {}, true),
    { headers: token ? { Authorization: `Bearer ${token}` } : {} },
  );
  if (!response.ok) throw new Error(`Download failed (${response.status})`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `payout-run-${runId}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
