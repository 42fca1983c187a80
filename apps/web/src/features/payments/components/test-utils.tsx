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

export const reservation = {
  id: '6f1c2f8e-4b7a-4a43-9a55-0d1f0f6f4a10',
  status: 'pending_payment',
  full_name: 'Hana Tesfaye',
  email: 'hana@example.com',
  amount: 80,
  amount_cents: 8000,
  currency: 'USD',
  credit_cents: 0,
  credit_applied_cents: 0,
  amount_charged: 80,
  amount_charged_cents: 8000,
  tutor: { id: 3, full_name: 'Abebe Kebede' },
  subject: 'Mathematics',
  duration_hours: 1,
  time_zone: 'Africa/Addis_Ababa',
  hold_expires_at: '2026-01-05T10:30:00.000Z',
  sessions: [
    {
      id: 's1',
      starts_at: '2026-01-12T13:00:00.000Z',
      ends_at: '2026-01-12T14:00:00.000Z',
      start: '2026-01-12T13:00:00.000Z',
      date: '2026-01-12',
      time: '16:00',
      status: 'held',
    },
    {
      id: 's2',
      starts_at: '2026-01-19T13:00:00.000Z',
      ends_at: '2026-01-19T14:00:00.000Z',
      start: '2026-01-19T13:00:00.000Z',
      date: '2026-01-19',
      time: '16:00',
      status: 'held',
    },
  ],
  skipped: [] as { date: string; time: string; reason: string }[],
};
