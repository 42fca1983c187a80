import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlogCategory, TaxonomyInput } from '@tibeb/domain/blog/contracts';
import { api } from '../../../lib/api-client.ts';

export type TaxonomyKind = 'categories' | 'tags';

/** GET /api/admin/blog/{categories|tags}/ */
export const listTaxonomy = (kind: TaxonomyKind) =>
  api.get<BlogCategory[]>(`/admin/blog/${kind}/`, { bustCache: true });

export const taxonomyQueryOptions = (kind: TaxonomyKind) =>
  queryOptions({ queryKey: ['admin', 'blog', kind], queryFn: () => listTaxonomy(kind) });

export const useTaxonomy = (kind: TaxonomyKind) => useQuery(taxonomyQueryOptions(kind));

/** POST, PATCH and DELETE /api/admin/blog/{categories|tags}/{id}/ */
export const saveTaxonomy = ({
  kind,
  id,
  body,
}: {
  kind: TaxonomyKind;
  id?: number;
  body: Partial<TaxonomyInput>;
}) =>
  id
    ? api.patch<BlogCategory>(`/admin/blog/${kind}/${id}/`, body)
    : api.post<BlogCategory>(`/admin/blog/${kind}/`, body);
export const deleteTaxonomy = ({ kind, id }: { kind: TaxonomyKind; id: number }) =>
  api.delete<null>(`/admin/blog/${kind}/${id}/`);

export function useSaveTaxonomy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTaxonomy,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
export function useDeleteTaxonomy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTaxonomy,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
