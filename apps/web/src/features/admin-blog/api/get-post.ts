import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPostSchema, type AdminPost } from '@tibeb/domain/blog/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/admin/blog/posts/{id}/ (drafts and scheduled posts too). */
export async function getPost(id: number): Promise<AdminPost> {
  return adminPostSchema.parse(await api.get<unknown>(`/admin/blog/posts/${id}/`, { bustCache: true }));
}

export const postQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['admin', 'blog', 'post', id], queryFn: () => getPost(id) });

export const usePost = (id: number) => useQuery({ ...postQueryOptions(id), enabled: id > 0 });
