import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogCategory, BlogTag } from '@tibeb/domain/blog/contracts';
import { api, readList } from '../../../lib/api-client.ts';

/** GET /api/blog/categories/ (spec §7): a list or `results`. A failure is ignored (spec §8): no chips. */
export async function getCategories(signal?: AbortSignal): Promise<BlogCategory[]> {
  return readList<BlogCategory>(await api.get<unknown>('/blog/categories/', { signal }));
}

/** GET /api/blog/tags/ (spec §7): a list or `results`. A failure is ignored (spec §8): no chips. */
export async function getTags(signal?: AbortSignal): Promise<BlogTag[]> {
  return readList<BlogTag>(await api.get<unknown>('/blog/tags/', { signal }));
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['blog', 'categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const tagsQueryOptions = () =>
  queryOptions({
    queryKey: ['blog', 'tags'],
    queryFn: ({ signal }) => getTags(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
export const useTags = () => useQuery(tagsQueryOptions());
