import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminComment } from '@tibeb/domain/blog/contracts';
import { api } from '../../../lib/api-client.ts';

export type CommentList = {
  count: number;
  next: number | null;
  previous: number | null;
  results: AdminComment[];
};
export type CommentFilters = { status?: string; page?: number };

/** GET /api/admin/blog/comments/: held comments first, then the newest; 20 a page. */
export const listComments = (filters: CommentFilters) =>
  api.get<CommentList>('/admin/blog/comments/', { query: filters, bustCache: true });

export const commentsQueryOptions = (filters: CommentFilters) =>
  queryOptions({
    queryKey: ['admin', 'comments', filters],
    queryFn: () => listComments(filters),
    placeholderData: keepPreviousData,
  });

export const useComments = (filters: CommentFilters) => useQuery(commentsQueryOptions(filters));
