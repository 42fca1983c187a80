import { isValidTimeZone } from '@tibeb/domain/bookings/time';
import { useSyncExternalStore } from 'react';
import { browserZone } from '../../../lib/session-times.ts';

const subscribe = () => () => {};

function validBrowserZone(): string | null {
  const zone = browserZone();
  return zone && isValidTimeZone(zone) ? zone : null;
}

/**
 * The visitor's own IANA zone, or null while the page is the server's: the server renders times in EAT alone,
 * and the browser adds the visitor's time beside them once hydrated (the same HTML first, then the extra).
 */
export function useVisitorZone(): string | null {
  return useSyncExternalStore(subscribe, validBrowserZone, () => null);
}
