import { useSearchParams } from 'react-router';
import type { Paging } from './data-table.tsx';
import type { ToolbarFilter, ToolbarSearch } from './list-toolbar.tsx';

/** A filter as a list describes it (a choice or a date); its value and what a change does come from the address. */
type Unbound<F> = F extends unknown ? Omit<F, 'value' | 'onChange'> : never;
type FilterSpec = Unbound<ToolbarFilter>;

/**
 * A list's search, filters and page kept in the address, so a filtered list can be shared and the back button
 * works. `update` sets the given parameters (an empty value removes one); any change but the page's own goes back
 * to page 1. `search`, `filter` and `paging` wire the toolbar and the table's pager to the address.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const get = (key: string) => params.get(key) ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const update = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    if (!('page' in next)) merged.delete('page');
    setParams(merged, { replace: true });
  };
  /** The search box, kept in `q`. */
  const search = (box: Omit<ToolbarSearch, 'value' | 'onSearch'>): ToolbarSearch => ({
    ...box,
    value: get('q'),
    onSearch: (text) => update({ q: text }),
  });
  /** A filter kept in the parameter `key`. */
  const filter = (key: string, spec: FilterSpec): ToolbarFilter => ({
    ...spec,
    value: get(key),
    onChange: (value) => update({ [key]: value }),
  });
  /** The pager under `count` rows (unknown while they load) in pages of `pageSize`; `total` says what they are. */
  const paging = (count: number | undefined, pageSize: number, total?: string): Paging => ({
    page,
    pages: pageCount(count ?? 0, pageSize),
    total,
    onPage: (p) => update({ page: String(p) }),
  });
  return { get, page, update, search, filter, paging };
}

/** How many pages `count` rows make, at least one. */
export const pageCount = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / pageSize));

/**
 * A pager for a list whose page lives in the screen's state: only when its `count` rows need more than one page
 * of `pageSize` (undefined while unknown or when one page holds them); `total` says what the list holds.
 */
export function pagingIfMany(
  count: number | undefined,
  pageSize: number,
  page: number,
  onPage: (page: number) => void,
  total: (count: number) => string,
): Paging | undefined {
  if (count === undefined || count <= pageSize) return undefined;
  return { page, pages: pageCount(count, pageSize), total: total(count), onPage };
}
