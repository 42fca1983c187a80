import type { AreaSession } from '@tibeb/domain/accounts/dashboard';
import { formatSessionTime } from './session-time.ts';

/** Sessions with their time in EAT and the visitor's own time; who is named depends on the viewer. */
export function SessionList({
  sessions,
  show,
  empty,
}: {
  sessions: AreaSession[];
  show: 'student' | 'tutor';
  empty: string;
}) {
  if (!sessions.length)
    return (
      <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-stone-600">{empty}</p>
    );
  return (
    <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
      {sessions.map((s) => {
        const t = formatSessionTime(s.starts_at, s.time_zone);
        const minutes = Math.round((Date.parse(s.ends_at) - Date.parse(s.starts_at)) / 60_000);
        return (
          <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
            <div>
              <p className="font-semibold text-stone-900">
                {show === 'student' ? s.student_name : s.tutor_name}
              </p>
              <p className="text-sm text-stone-600">
                {s.subject || 'Tutoring'} · {minutes} min
              </p>
            </div>
            <p className="text-right text-sm">
              <time dateTime={s.starts_at} className="font-medium text-brand-800">
                {t.eat}
              </time>
              {t.local && <span className="block text-stone-500">{t.local}</span>}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
