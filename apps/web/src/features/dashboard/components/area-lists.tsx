import { useConversations } from '../api/get-conversations.ts';
import { useGetStudentProgress } from '../api/get-student-progress.ts';
import { useGetStudentTutors } from '../api/get-student-tutors.ts';
import { useGetTutorSchedule } from '../api/get-tutor-schedule.ts';
import { useGetTutorStudents } from '../api/get-tutor-students.ts';
import { QueryState } from './query-state.tsx';
import { SessionList } from './session-list.tsx';
import { formatSessionTime } from './session-time.ts';
import { StatCard } from './stat-card.tsx';

const emptyBox = (text: string) => (
  <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-stone-600">{text}</p>
);
const next = (at: string | null) => (at ? formatSessionTime(at).eat : 'No upcoming session');

export function TutorSchedule() {
  const query = useGetTutorSchedule();
  return (
    <QueryState query={query}>
      {(sessions) => (
        <SessionList sessions={sessions} show="student" empty="No sessions in the coming 8 weeks." />
      )}
    </QueryState>
  );
}

export function TutorStudents() {
  const query = useGetTutorStudents();
  return (
    <QueryState query={query}>
      {(students) =>
        students.length === 0 ? (
          emptyBox('No students yet. Families book you from the tutor directory.')
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {students.map((s) => (
              <li
                key={`${s.student_name}|${s.guardian_email}`}
                className="rounded-xl border border-stone-200 bg-white p-4"
              >
                <p className="font-semibold text-stone-900">{s.student_name}</p>
                <p className="text-sm text-stone-600">
                  {[s.student_grade, s.subject].filter(Boolean).join(' · ')}
                </p>
                <p className="mt-2 text-sm">Guardian: {s.guardian_name}</p>
                <p className="text-sm">
                  Next: {next(s.next_session_at)} ({s.sessions_remaining} ahead)
                </p>
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

export function StudentTutors() {
  const query = useGetStudentTutors();
  return (
    <QueryState query={query}>
      {(tutors) =>
        tutors.length === 0 ? (
          emptyBox('No tutors yet. Your tutors appear here after your first booking.')
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {tutors.map((t) => (
              <li key={t.tutor_id} className="flex gap-4 rounded-xl border border-stone-200 bg-white p-4">
                {t.profile_image && (
                  <img
                    src={t.profile_image}
                    alt=""
                    width="56"
                    height="56"
                    className="h-14 w-14 rounded-full object-cover"
                  />
                )}
                <div>
                  <p className="font-semibold text-stone-900">{t.full_name}</p>
                  <p className="text-sm text-stone-600">{t.subject}</p>
                  <p className="text-sm">Next: {next(t.next_session_at)}</p>
                </div>
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

export function ConversationList({ area }: { area: 'tutor' | 'student' }) {
  const query = useConversations(area);
  return (
    <QueryState query={query}>
      {(items) =>
        items.length === 0 ? (
          emptyBox('No messages yet.')
        ) : (
          <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
            {items.map((c) => (
              <li key={c.id} className="px-4 py-3">
                <p className="flex justify-between gap-2 font-semibold text-stone-900">
                  {c.with_name}
                  {c.unread > 0 && (
                    <span className="rounded-full bg-accent-400 px-2 text-xs font-bold text-stone-900">
                      {c.unread} new
                    </span>
                  )}
                </p>
                <p className="truncate text-sm text-stone-600">{c.last_message || 'No messages yet.'}</p>
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

export function StudentProgress() {
  const query = useGetStudentProgress();
  return (
    <QueryState query={query}>
      {(p) => (
        <div className="space-y-6">
          <dl className="grid gap-4 sm:grid-cols-2">
            <StatCard label="Sessions completed" value={p.completed_sessions} />
            <StatCard label="Sessions ahead" value={p.upcoming_sessions} />
          </dl>
          <section>
            <h2 className="mb-3 text-lg font-semibold text-stone-900">Notes from your tutors</h2>
            {p.notes.length === 0 ? (
              emptyBox('No progress notes yet. Tutors add notes after sessions.')
            ) : (
              <ul className="space-y-3">
                {p.notes.map((n) => (
                  <li key={n.id} className="rounded-xl border border-stone-200 bg-white p-4">
                    <p className="text-sm text-stone-600">
                      {n.tutor_name} · {new Date(n.created_at).toLocaleDateString()}
                    </p>
                    <p className="mt-1 whitespace-pre-line">{n.note}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </QueryState>
  );
}
