import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  blogCategoryListSchema,
  blogTagListSchema,
  type BlogCategory,
  type BlogTag,
} from '@tibeb/domain/blog/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/blog/categories/ (spec §7). A failure is ignored (spec §8): no chips. */
export async function getCategories(signal?: AbortSignal): Promise<BlogCategory[]> {
  return blogCategoryListSchema.parse(await api.get<unknown>('/blog/categories/', { signal }));
}

/** GET /api/blog/tags/ (spec §7). A failure is ignored (spec §8): no chips. */
export async function getTags(signal?: AbortSignal): Promise<BlogTag[]> {
  return blogTagListSchema.parse(await api.get<unknown>('/blog/tags/', { signal }));
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
