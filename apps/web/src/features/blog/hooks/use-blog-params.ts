import { useSearchParams } from 'react-router';
import type { PostsParams } from '../api/get-posts.ts';

/**
 * The list's filters live in the address (spec §2: q, category, tag, page), updated in replace mode so the
 * back button leaves the blog instead of stepping through every filter. Changing a filter resets the page to 1.
 */
export function useBlogParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Number.parseInt(searchParams.get('page') ?? '1', 10);
  const params: PostsParams = {
    q: searchParams.get('q') ?? '',
    category: searchParams.get('category') ?? '',
    tag: searchParams.get('tag') ?? '',
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };

  const update = (changes: Partial<PostsParams>) => {
    const next = { ...params, ...changes };
    // Any change other than the page itself starts again on page 1.
    if (!('page' in changes)) next.page = 1;
    const query = new URLSearchParams();
    if (next.q) query.set('q', next.q);
    if (next.category) query.set('category', next.category);
    if (next.tag) query.set('tag', next.tag);
    if (next.page > 1) query.set('page', String(next.page));
    setSearchParams(query, { replace: true });
  };

  return {
    params,
    search: (q: string) => update({ q: q.trim() }),
    toggleCategory: (slug: string) => update({ category: params.category === slug ? '' : slug }),
    toggleTag: (slug: string) => update({ tag: params.tag === slug ? '' : slug }),
    setPage: (p: number) => update({ page: p }),
    reset: () => setSearchParams(new URLSearchParams(), { replace: true }),
  };
}
