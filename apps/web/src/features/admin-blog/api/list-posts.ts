import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPostListSchema, type AdminPostList } from '@tibeb/domain/blog/contracts';
import { api } from '../../../lib/api-client.ts';

export type { AdminPostList };
export type PostFilters = { status?: string; q?: string; page?: number };

/** GET /api/admin/blog/posts/: drafts included, newest first, 10 a page. */
export async function listPosts(filters: PostFilters): Promise<AdminPostList> {
  const body = await api.get<unknown>('/admin/blog/posts/', { query: filters, bustCache: true });
  return adminPostListSchema.parse(body);
}

export const postsQueryOptions = (filters: PostFilters) =>
  queryOptions({
    queryKey: ['admin', 'blog', 'posts', filters],
    queryFn: () => listPosts(filters),
    placeholderData: keepPreviousData,
  });

export const usePosts = (filters: PostFilters) => useQuery(postsQueryOptions(filters));
