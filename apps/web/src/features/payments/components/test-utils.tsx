import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';

/** Renders `element` at `path` in a memory router with probes for the pages it links to. */
export function renderAt(element: ReactNode, path: string, entries: InitialEntry[]) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/tutors', element: <p>Tutor directory</p> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The held reservation the payment screens' tests start from (shared with the wizard's: src/test). */
export { heldReservation as reservation } from '../../../test/reservation.ts';
