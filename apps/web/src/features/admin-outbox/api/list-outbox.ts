import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { outboxList, type OutboxList, type OutboxState } from '@tibeb/domain/admin/outbox';
import { api } from '../../../lib/api-client.ts';

export type OutboxFilters = { state?: OutboxState; page?: number; page_size?: number };

/** GET /api/admin/outbox/: queued, failing, given-up and sent e-mail, newest first. */
export async function listOutbox(filters: OutboxFilters): Promise<OutboxList> {
  const body = await api.get<unknown>('/admin/outbox/', { query: filters, bustCache: true });
  return outboxList.parse(body);
}

export const outboxQueryOptions = (filters: OutboxFilters) =>
  queryOptions({
    queryKey: ['admin', 'outbox', filters],
    queryFn: () => listOutbox(filters),
    placeholderData: keepPreviousData,
  });

export const useOutbox = (filters: OutboxFilters) => useQuery(outboxQueryOptions(filters));
