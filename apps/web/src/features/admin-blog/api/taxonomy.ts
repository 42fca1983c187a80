import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  blogCategoryListSchema,
  blogCategorySchema,
  blogTagListSchema,
  blogTagSchema,
  type BlogCategory,
  type TaxonomyInput,
} from '@tibeb/domain/blog/contracts';
import { api } from '../../../lib/api-client.ts';

export type TaxonomyKind = 'categories' | 'tags';

/** A tag has a category's shape (id, name, slug): the screens treat both as `BlogCategory`. */
const itemSchema = { categories: blogCategorySchema, tags: blogTagSchema } as const;
const listSchema = { categories: blogCategoryListSchema, tags: blogTagListSchema } as const;

/** GET /api/admin/blog/{categories|tags}/ */
export async function listTaxonomy(kind: TaxonomyKind): Promise<BlogCategory[]> {
  return listSchema[kind].parse(await api.get<unknown>(`/admin/blog/${kind}/`, { bustCache: true }));
}

export const taxonomyQueryOptions = (kind: TaxonomyKind) =>
  queryOptions({ queryKey: ['admin', 'blog', kind], queryFn: () => listTaxonomy(kind) });

export const useTaxonomy = (kind: TaxonomyKind) => useQuery(taxonomyQueryOptions(kind));

/** POST and PATCH /api/admin/blog/{categories|tags}/{id}/: the category or tag as saved. */
export async function saveTaxonomy({
  kind,
  id,
  body,
}: {
  kind: TaxonomyKind;
  id?: number;
  body: Partial<TaxonomyInput>;
}): Promise<BlogCategory> {
  const answer = id
    ? await api.patch<unknown>(`/admin/blog/${kind}/${id}/`, body)
    : await api.post<unknown>(`/admin/blog/${kind}/`, body);
  return itemSchema[kind].parse(answer);
}
/** DELETE /api/admin/blog/{categories|tags}/{id}/: 204, no body to parse. */
export async function deleteTaxonomy({ kind, id }: { kind: TaxonomyKind; id: number }): Promise<void> {
  await api.delete<unknown>(`/admin/blog/${kind}/${id}/`);
}

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
