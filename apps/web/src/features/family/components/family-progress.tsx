import { attendanceRate } from '@tibeb/domain/family/contracts';
import { useTranslation } from 'react-i18next';
import { useDates } from '../../../lib/dates.ts';
import { useGetProgress } from '../api/get-progress.ts';
import { HoursChart } from './hours-chart.tsx';
import { QueryState } from './query-state.tsx';

/** Progress per student the family booked for (issue 15 item 5): attendance, hours, the tutors' notes. */
export function FamilyProgress() {
  const { t } = useTranslation('family');
  const dates = useDates();
  // The chart's month labels stay short: the Gregorian month alone, in the reader's language.
  const monthLabel = (ym: string) =>
    dates.month({ year: Number(ym.slice(0, 4)), month: Number(ym.slice(5, 7)) }, 'monthShort', false);
  const query = useGetProgress();
  return (
    <QueryState query={query}>
      {(students) =>
        students.length === 0 ? (
          <p className="text-stone-600">
            {t('No sessions yet: progress shows here after the first lesson.')}
          </p>
        ) : (
          <div className="space-y-8">
            {students.map((s) => {
              const rate = attendanceRate(s);
              return (
                <section
                  key={s.student_name}
                  aria-label={s.student_name}
                  className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
                >
                  <h2 className="text-xl font-semibold wrap-anywhere text-brand-800">{s.student_name}</h2>
                  <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
                    {[
                      [t('Attended'), String(s.attended)],
                      [t('Attendance'), rate === null ? '—' : `${rate}%`],
                      [t('Hours'), String(s.hours)],
                      [t('Coming up'), String(s.upcoming)],
                    ].map(([k, v]) => (
                      <div key={k} className="rounded-lg bg-stone-50 p-3">
                        <dt className="text-sm text-stone-600">{k}</dt>
                        <dd className="text-xl font-bold text-stone-900">{v}</dd>
                      </div>
                    ))}
                  </dl>
                  {(s.no_show > 0 || s.cancelled > 0) && (
                    <p className="mt-2 text-sm text-stone-600">
                      {t('Missed: {{missed}} · Cancelled: {{cancelled}}', {
                        missed: s.no_show,
                        cancelled: s.cancelled,
                      })}
                    </p>
                  )}
                  {s.months.length > 0 && (
                    <div className="mt-4">
                      <h3 className="mb-2 font-semibold text-stone-900">{t('Hours by month')}</h3>
                      <HoursChart
                        labels={s.months.map((m) => monthLabel(m.month))}
                        hours={s.months.map((m) => m.hours)}
                        label={t('Hours attended by month: {{months}}', {
                          months: s.months.map((m) => `${monthLabel(m.month)} ${m.hours} h`).join(', '),
                        })}
                      />
                    </div>
                  )}
                  <h3 className="mb-2 mt-4 font-semibold text-stone-900">{t('Tutor notes')}</h3>
                  {s.notes.length === 0 ? (
                    <p className="text-stone-600">{t('No notes yet.')}</p>
                  ) : (
                    <ol className="space-y-3 border-l-2 border-brand-100 pl-4">
                      {s.notes.map((n) => (
                        <li key={n.id}>
                          <p className="text-sm text-stone-600">
                            {dates.format(n.created_at, 'date')} · {n.tutor_name}
                            {n.edited_at && (
                              <>
                                {' · '}
                                <span title={dates.format(n.edited_at, 'dayTime')}>{t('edited')}</span>
                              </>
                            )}
                          </p>
                          <p className="whitespace-pre-wrap wrap-anywhere text-stone-800">{n.note}</p>
                        </li>
                      ))}
                    </ol>
                  )}
                </section>
              );
            })}
          </div>
        )
      }
    </QueryState>
  );
}
