import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogPostSchema, type BlogPost } from '@tibeb/domain/blog/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/blog/posts/slug/{slug}/ (spec §7). */
export async function getPostBySlug(slug: string, signal?: AbortSignal): Promise<BlogPost> {
  return blogPostSchema.parse(
    await api.get<unknown>(`/blog/posts/slug/${encodeURIComponent(slug)}/`, { signal }),
  );
}

/** GET /api/blog/posts/{id} (spec §7): a numeric address is looked up by id, then redirected to the slug. */
export async function getPostById(id: string, signal?: AbortSignal): Promise<BlogPost> {
  return blogPostSchema.parse(await api.get<unknown>(`/blog/posts/${encodeURIComponent(id)}`, { signal }));
}

export const postQueryOptions = (slugOrId: string) => {
  const numeric = /^\d+$/.test(slugOrId);
  return queryOptions({
    queryKey: ['blog', 'post', numeric ? 'id' : 'slug', slugOrId],
    queryFn: ({ signal }) => (numeric ? getPostById(slugOrId, signal) : getPostBySlug(slugOrId, signal)),
    staleTime: 60_000,
    retry: false,
  });
};

/** One post; `initial` is the post a card passed in navigation state (shown at once, then refreshed). */
export const usePost = (slugOrId: string, initial?: BlogPost) =>
  useQuery({
    ...postQueryOptions(slugOrId),
    ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
  });
