import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@tibeb/domain/accounts/dashboard';
import { server } from '../../../test/msw-server.ts';
import { AdminOverview } from './admin-overview.tsx';

const counts: AdminDashboard = {
  users: 4,
  tutors: 2,
  reservations: 3,
  confirmed_reservations: 2,
  upcoming_sessions: 3,
  revenue: 80,
  revenue_cents: 8000,
  currency: 'USD',
  lesson_rooms: { provider: 'tutor_links', tutors_without_room: 2 },
};

function show(body: AdminDashboard) {
  server.use(http.get('/api/admin/dashboard/', () => HttpResponse.json(body)));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminOverview />
    </QueryClientProvider>,
  );
}

/** Issue 30 item 1, decision 267: the office is told when lessons have no room, and what to set. */
describe('AdminOverview', () => {
  it('says what to set when tutors without an own link have no room', async () => {
    show(counts);
    expect(
      await screen.findByText(/the lessons of 2 tutors without their own meeting link have no room/),
    ).toHaveTextContent('JITSI_DOMAIN');
  });

  it('says nothing of rooms when Jitsi signs them', async () => {
    show({ ...counts, lesson_rooms: { provider: 'jitsi', tutors_without_room: 0 } });
    expect(await screen.findByText('Users')).toBeInTheDocument();
    expect(screen.queryByText(/Lesson rooms/)).toBeNull();
  });
});
