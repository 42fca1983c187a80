import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPost } from '@tibeb/domain/blog/contracts';
import { api } from '../../../lib/api-client.ts';

export type AdminPostList = {
  count: number;
  next: number | null;
  previous: number | null;
  results: AdminPost[];
};
export type PostFilters = { status?: string; q?: string; page?: number };

/** GET /api/admin/blog/posts/: drafts included, newest first, 10 a page. */
export const listPosts = (filters: PostFilters) =>
  api.get<AdminPostList>('/admin/blog/posts/', { query: filters, bustCache: true });

export const postsQueryOptions = (filters: PostFilters) =>
  queryOptions({
    queryKey: ['admin', 'blog', 'posts', filters],
    queryFn: () => listPosts(filters),
    placeholderData: keepPreviousData,
  });

export const usePosts = (filters: PostFilters) => useQuery(postsQueryOptions(filters));
