import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@tibeb/domain/blog/contracts';
import { BLOG_PAGE_SIZE } from '@tibeb/domain/blog/rules';
import { api } from '../../../lib/api-client.ts';

export type PostsParams = { q: string; category: string; tag: string; page: number };
export type PostsPage = { results: BlogPost[]; count: number };

/**
 * GET /api/blog/posts/ (spec §7): the server paginates and answers `{ results, count }`; a plain list is also
 * read, paged here 10 at a time. Any other shape is an error (the list then shows as empty, spec §8).
 */
export async function getPosts(params: PostsParams, signal?: AbortSignal): Promise<PostsPage> {
  const body = await api.get<unknown>('/blog/posts/', {
    signal,
    query: {
      q: params.q || undefined,
      category: params.category || undefined,
      tag: params.tag || undefined,
      page: params.page > 1 ? params.page : undefined,
    },
  });
  if (Array.isArray(body)) {
    const start = (params.page - 1) * BLOG_PAGE_SIZE;
    return { results: body.slice(start, start + BLOG_PAGE_SIZE) as BlogPost[], count: body.length };
  }
  if (body && typeof body === 'object' && Array.isArray((body as { results?: unknown }).results)) {
    const { results, count } = body as { results: BlogPost[]; count?: unknown };
    return { results, count: typeof count === 'number' ? count : results.length };
  }
  throw new Error('Unexpected post list shape');
}

export const postsQueryOptions = (params: PostsParams) =>
  queryOptions({
    queryKey: ['blog', 'posts', params],
    queryFn: ({ signal }) => getPosts(params, signal),
    staleTime: 60_000,
    retry: false,
  });

export const usePosts = (params: PostsParams) => useQuery(postsQueryOptions(params));
