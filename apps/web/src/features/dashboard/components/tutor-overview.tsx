import { useGetTutorDashboard } from '../api/get-tutor-dashboard.ts';
import { QueryState } from './query-state.tsx';
import { SessionList } from './session-list.tsx';
import { StatCard } from './stat-card.tsx';

export function TutorOverview() {
  const query = useGetTutorDashboard();
  return (
    <QueryState query={query}>
      {(d) => (
        <div className="space-y-6">
          {!d.tutor && (
            <p className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
              Your account is not linked to a tutor profile yet. Please contact the Tibeb Tutoring team.
            </p>
          )}
          <dl className="grid gap-4 sm:grid-cols-2">
            <StatCard label="Students" value={d.students} />
            <StatCard label="Sessions in the next 7 days" value={d.sessions_this_week} />
          </dl>
          <section>
            <h2 className="mb-3 text-lg font-semibold text-stone-900">Upcoming sessions</h2>
            <SessionList sessions={d.upcoming_sessions} show="student" empty="No upcoming sessions." />
          </section>
        </div>
      )}
    </QueryState>
  );
}
