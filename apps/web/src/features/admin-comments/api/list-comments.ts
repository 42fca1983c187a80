import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCommentListSchema, type AdminCommentList } from '@tibeb/domain/blog/contracts';
import { api } from '../../../lib/api-client.ts';

export type CommentList = AdminCommentList;
export type CommentFilters = { status?: string; page?: number };

/** GET /api/admin/blog/comments/: held comments first, then the newest; 20 a page. */
export async function listComments(filters: CommentFilters): Promise<CommentList> {
  const body = await api.get<unknown>('/admin/blog/comments/', { query: filters, bustCache: true });
  return adminCommentListSchema.parse(body);
}

export const commentsQueryOptions = (filters: CommentFilters) =>
  queryOptions({
    queryKey: ['admin', 'comments', filters],
    queryFn: () => listComments(filters),
    placeholderData: keepPreviousData,
  });

export const useComments = (filters: CommentFilters) => useQuery(commentsQueryOptions(filters));
