import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the page is the server's HTML (its server render, and the browser's hydration of it); true once the
 * page's code runs it. A page rendered only in the browser is hydrated from its first render.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
