import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentStatusResponseSchema, type PaymentStatusResponse } from '@tibeb/domain/payments/contracts';
import { api, ApiError } from '../../../lib/api-client.ts';

/** While the provider has not confirmed yet, ask again every 2 s, up to this many times. */
export const STATUS_POLLS = 10;
export const STATUS_POLL_MS = 2000;

/** GET /api/payments/status/?session_id=: the payment's real state, never trusted from the URL (DESIGN §1.8). */
export async function getPaymentStatus(
  sessionId: string,
  signal?: AbortSignal,
): Promise<PaymentStatusResponse> {
  const body = await api.get<unknown>('/payments/status/', { signal, query: { session_id: sessionId } });
  return paymentStatusResponseSchema.parse(body);
}

export const paymentStatusQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['payments', 'status', sessionId],
    queryFn: ({ signal }) => getPaymentStatus(sessionId, signal),
    // An unknown reference will not become known; a network blip is worth one more try.
    retry: (failures, err) => failures < 1 && !(err instanceof ApiError && err.status < 500),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < STATUS_POLLS
        ? STATUS_POLL_MS
        : false,
  });

/** The status query, and how many answers have come (polling stops after STATUS_POLLS). */
export function usePaymentStatus(sessionId: string) {
  const client = useQueryClient();
  const options = paymentStatusQueryOptions(sessionId);
  const query = useQuery({ ...options, enabled: sessionId !== '' });
  const answers = client.getQueryState(options.queryKey)?.dataUpdateCount ?? 0;
  return { query, answers };
}
