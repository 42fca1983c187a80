import { useTranslation } from 'react-i18next';
import type { TutorSession } from '@tibeb/domain/sessions/tutor-area';
import { useDates } from '../../../lib/dates.ts';
import { useNow } from '../hooks/use-now.ts';
import { EditProgressNote } from './edit-progress-note.tsx';
import { MarkAttendance } from './mark-attendance.tsx';
import { RoomLink } from './room-link.tsx';
import { LessonChanges } from './lesson-changes.tsx';
import { SessionExtra } from './session-extra.tsx';
import { bothZones, minutesBetween, statusLabel, zoneLabel } from './zoned.ts';

const statusTone: Record<string, string> = {
  scheduled: 'bg-brand-50 text-brand-800',
  completed: 'bg-emerald-50 text-emerald-800',
  no_show: 'bg-amber-50 text-amber-900',
  cancelled: 'bg-stone-100 text-stone-600 line-through',
};

/** Started, not marked, no note yet: still scheduled, or completed by the lifecycle's job at its end. */
export function awaitsAttendance(s: TutorSession, now: number) {
  return (
    (s.status === 'scheduled' || s.status === 'completed') &&
    Date.parse(s.starts_at) <= now &&
    !s.marked_at &&
    !s.note
  );
}

/**
 * One session: when (the tutor's zone, and the family's own when known), who, its status, the room, the note;
 * an ended session still scheduled gets the attendance form.
 */
export function SessionItem({
  session: s,
  showStudent = true,
}: {
  session: TutorSession;
  showStudent?: boolean;
}) {
  const { t } = useTranslation('tutor');
  // The wizard's grade choices ('Grade 8', 'KG') are translated in 'booking'; free text stays as typed.
  const { t: tb } = useTranslation('booking');
  const dates = useDates();
  const zones = bothZones(s.starts_at, s.time_zone, s.family_time_zone);
  const now = useNow();
  const toMark = awaitsAttendance(s, now);
  return (
    <li className="px-4 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2 wrap-anywhere">
        <div className="min-w-0">
          {showStudent && <p className="font-semibold wrap-anywhere text-stone-900">{s.student_name}</p>}
          <p className="text-sm text-stone-600">
            {s.subject || t('Lesson')}
            {s.student_grade && ` · ${tb(s.student_grade)}`} ·{' '}
            {t('{{minutes}} min', { minutes: minutesBetween(s.starts_at, s.ends_at) })}
          </p>
          <p className="text-sm">
            <time dateTime={s.starts_at} className="font-medium text-brand-800">
              {dates.format(s.starts_at, 'dayTime', s.time_zone)} {zoneLabel(s.time_zone)}
            </time>
            {zones.family && (
              <span className="block text-stone-500">
                {t("{{time}} family's time ({{city}})", zones.family)}
              </span>
            )}
          </p>
        </div>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[s.status] ?? ''}`}>
          {statusLabel[s.status] ? t(statusLabel[s.status]) : s.status}
        </span>
      </div>
      <div className="mt-2">
        <RoomLink room={s.room} startsAt={s.starts_at} status={s.status} />
      </div>
      {s.status === 'cancelled' && s.cancel_reason && (
        <p className="mt-1 text-sm wrap-anywhere text-stone-600">
          {t('Reason: {{reason}}', { reason: s.cancel_reason })}
        </p>
      )}
      <LessonChanges session={s} />
      {s.note && (
        <p className="mt-2 rounded-lg bg-stone-50 p-2 text-sm text-stone-700">
          <span className="font-medium">{t('Progress note:')}</span>{' '}
          <span className="whitespace-pre-wrap wrap-anywhere">{s.note}</span>
        </p>
      )}
      {s.note && <EditProgressNote sessionId={s.id} />}
      {toMark && <MarkAttendance sessionId={s.id} studentName={s.student_name} />}
      <SessionExtra session={s} />
      {!toMark && (s.status === 'completed' || s.status === 'no_show') && (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">
            {t('Change attendance or add a note')}
          </summary>
          <MarkAttendance sessionId={s.id} studentName={s.student_name} />
        </details>
      )}
    </li>
  );
}

export function SessionItems({
  sessions,
  empty,
  showStudent = true,
  label,
}: {
  sessions: TutorSession[];
  empty: string;
  showStudent?: boolean;
  label?: string;
}) {
  if (!sessions.length) {
    return (
      <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-stone-600">{empty}</p>
    );
  }
  return (
    <ul aria-label={label} className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
      {sessions.map((s) => (
        <SessionItem key={s.id} session={s} showStudent={showStudent} />
      ))}
    </ul>
  );
}
