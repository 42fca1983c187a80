import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './routes.tsx';

/**
 * Loads the code of the routes that match the address before the router starts, so that the first render in the
 * browser is the page the server rendered (hydration needs the same tree, not the loading fallback).
 */
export async function loadMatchedRoutes(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }: { route: RouteObject }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded);
      delete route.lazy;
    }),
  );
}

export type AppRouterInstance = ReturnType<typeof createBrowserRouter>;

/** The browser's router over the route table (made once the matched routes' code is in). */
export const createAppRouter = (): AppRouterInstance => createBrowserRouter(routes);

export function AppRouter({ router }: { router: AppRouterInstance }) {
  return <RouterProvider router={router} />;
}
