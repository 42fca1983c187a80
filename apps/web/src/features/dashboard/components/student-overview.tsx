import { useGetStudentDashboard } from '../api/get-student-dashboard.ts';
import { QueryState } from './query-state.tsx';
import { SessionList } from './session-list.tsx';
import { StatCard } from './stat-card.tsx';

export function StudentOverview() {
  const query = useGetStudentDashboard();
  return (
    <QueryState query={query}>
      {(d) => (
        <div className="space-y-6">
          <dl className="grid gap-4 sm:grid-cols-2">
            <StatCard label="Bookings" value={d.reservations} />
            <StatCard label="Sessions completed" value={d.completed_sessions} />
          </dl>
          <section>
            <h2 className="mb-3 text-lg font-semibold text-stone-900">Upcoming sessions</h2>
            <SessionList
              sessions={d.upcoming_sessions}
              show="tutor"
              empty="No upcoming sessions. Book a session to get started."
            />
          </section>
        </div>
      )}
    </QueryState>
  );
}
