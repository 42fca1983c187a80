import { useSearchParams } from 'react-router';

/**
 * A list's search, filters and page kept in the address, so a filtered list can be shared and the back button
 * works. `update` sets the given parameters (an empty value removes one); any change but the page's own goes back
 * to page 1.
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
  return { get, page, update };
}

/** How many pages `count` rows make, at least one. */
export const pageCount = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / pageSize));
