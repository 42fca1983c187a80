import { useSyncExternalStore } from 'react';
import { validBrowserZone } from '../../../lib/session-times.ts';

const subscribe = () => () => {};

/**
 * The visitor's own IANA zone, or null while the page is the server's: the server renders times in EAT alone,
 * and the browser adds the visitor's time beside them once hydrated (the same HTML first, then the extra).
 */
export function useVisitorZone(): string | null {
  return useSyncExternalStore(subscribe, validBrowserZone, () => null);
}
