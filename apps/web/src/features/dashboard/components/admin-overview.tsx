import { formatUsd } from '@tibeb/domain/shared/money';
import { useGetAdminDashboard } from '../api/get-admin-dashboard.ts';
import { QueryState } from './query-state.tsx';
import { StatCard } from './stat-card.tsx';

export function AdminOverview() {
  const query = useGetAdminDashboard();
  return (
    <QueryState query={query}>
      {(d) => (
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard label="Users" value={d.users} />
          <StatCard label="Tutors" value={d.tutors} />
          <StatCard label="Reservations" value={d.reservations} />
          <StatCard label="Revenue" value={formatUsd(d.revenue_cents)} />
          <StatCard label="Confirmed reservations" value={d.confirmed_reservations} />
          <StatCard label="Upcoming sessions" value={d.upcoming_sessions} />
        </dl>
      )}
    </QueryState>
  );
}
