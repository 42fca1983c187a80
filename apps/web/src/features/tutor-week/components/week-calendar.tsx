import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { addDays } from '@tibeb/domain/sessions/tutor-area';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDates } from '../../../lib/dates.ts';
import { useGetSessions } from '../api/get-sessions.ts';
import { SessionItems } from './session-item.tsx';
import { clock, dateIn, statusLabel, zoneLabel } from './zoned.ts';

/**
 * The week's sessions: seven day columns on wide screens, a list of days on phones. Previous / next week and
 * back to this week; times in the tutor's zone.
 */
export function WeekCalendar() {
  const { t } = useTranslation('tutor');
  const dates = useDates();
  const [from, setFrom] = useState<string | null>(null);
  const query = useGetSessions(from);
  if (query.isPending) return <Spinner label={t('Loading...')} />;
  if (query.isError)
    return <Alert tone="error">{t('We could not load your schedule. Please try again.')}</Alert>;
  const { sessions, time_zone: zone } = query.data;
  const start = query.data.from;
  const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
  const byDay = new Map(days.map((d) => [d, sessions.filter((s) => dateIn(s.starts_at, zone) === d)]));
  const today = dateIn(new Date().toISOString(), zone);

  return (
    <section aria-labelledby="week-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="week-title" className="text-lg font-semibold text-stone-900">
          {t('Week of {{day}}', { day: dates.format(start, 'dayShort') })}{' '}
          <span className="text-sm font-normal text-stone-600">({zoneLabel(zone)})</span>
        </h2>
        <div className="flex gap-2">
          <button
            type="button"
            className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}
            onClick={() => setFrom(addDays(start, -7))}
          >
            ← {t('Previous')}
            <span className="sr-only"> {t('week')}</span>
          </button>
          <button
            type="button"
            className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}
            onClick={() => setFrom(null)}
          >
            {t('This week')}
          </button>
          <button
            type="button"
            className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}
            onClick={() => setFrom(addDays(start, 7))}
          >
            {t('Next')}
            <span className="sr-only"> {t('week')}</span> →
          </button>
        </div>
      </div>

      {/* Wide screens: the week as seven columns. */}
      <ol aria-label={t('Week calendar')} className="hidden gap-2 lg:grid lg:grid-cols-7">
        {days.map((day) => (
          <li
            key={day}
            className={`min-h-40 rounded-xl border bg-white p-2 ${day === today ? 'border-brand-600' : 'border-stone-200'}`}
          >
            <p className={`text-sm font-semibold ${day === today ? 'text-brand-800' : 'text-stone-700'}`}>
              {dates.format(day, 'dayShort')}
            </p>
            <ul className="mt-2 space-y-2">
              {byDay.get(day)!.map((s) => (
                <li
                  key={s.id}
                  className={`rounded-lg p-2 text-xs ${
                    s.status === 'cancelled'
                      ? 'bg-stone-100 text-stone-500 line-through'
                      : 'bg-brand-50 text-brand-900'
                  }`}
                >
                  <time dateTime={s.starts_at} className="block font-semibold">
                    {clock(s.starts_at, zone)}–{clock(s.ends_at, zone)} {zoneLabel(zone)}
                  </time>
                  <span className="block break-words">{s.student_name}</span>
                  <span className="block truncate text-stone-600">
                    {s.subject} · {statusLabel[s.status] ? t(statusLabel[s.status]) : s.status}
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>

      {/* Phones: the days as a list, each with its sessions. */}
      <div className="space-y-3 lg:hidden">
        {days.map((day) => (
          <section
            key={day}
            aria-label={dates.format(day, 'dayShort')}
            className="border-b border-stone-200 pb-3 last:border-0"
          >
            <h3 className={`mb-2 font-semibold ${day === today ? 'text-brand-800' : 'text-stone-800'}`}>
              {dates.format(day, 'dayShort')}
              {day === today && ` · ${t('Today')}`}
            </h3>
            {byDay.get(day)!.length === 0 ? (
              <p className="text-sm text-stone-500">{t('No sessions.')}</p>
            ) : (
              <SessionItems sessions={byDay.get(day)!} empty="" />
            )}
          </section>
        ))}
      </div>
      {sessions.length === 0 && <p className="text-stone-600">{t('No sessions this week.')}</p>}
    </section>
  );
}
