import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDates } from '../../../lib/dates.ts';
import { useNow } from '../hooks/use-now.ts';
import { useGetStudents } from '../api/get-students.ts';
import { SessionItems, awaitsAttendance } from './session-item.tsx';
import { zoneLabel } from './zoned.ts';

/**
 * The tutor's students: guardian contact, subject and grade, sessions held and to come; the ended sessions to
 * mark (attended or no-show with a note), then the next ones and the past ones with their notes.
 */
export function StudentsList() {
  const { t } = useTranslation('tutor');
  // The wizard's grade choices ('Grade 8', 'KG') are translated in 'booking'; free text stays as typed.
  const { t: tb } = useTranslation('booking');
  const dates = useDates();
  const query = useGetStudents();
  const now = useNow();
  if (query.isPending) return <Spinner label={t('Loading...')} />;
  if (query.isError)
    return <Alert tone="error">{t('We could not load your students. Please try again.')}</Alert>;
  if (query.data.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-stone-600">
        {t('No students yet.')}
      </p>
    );
  }
  return (
    <ul className="space-y-6">
      {query.data.map((st, i) => {
        const toMark = st.sessions.filter((s) => awaitsAttendance(s, now));
        const ahead = st.sessions
          .filter((s) => s.status === 'scheduled' && Date.parse(s.starts_at) > now)
          .slice(0, 3);
        const past = st.sessions
          .filter((s) => !toMark.includes(s) && !ahead.includes(s) && Date.parse(s.starts_at) <= now)
          .reverse()
          .slice(0, 5);
        return (
          <li key={`${st.student_name}|${st.guardian_email}`}>
            <article
              aria-labelledby={`student-${i}`}
              className="rounded-xl border border-stone-200 bg-white p-4 wrap-anywhere sm:p-6"
            >
              <header className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2 id={`student-${i}`} className="text-lg font-semibold text-stone-900">
                    {st.student_name}
                  </h2>
                  <p className="text-sm text-stone-600">
                    {st.subject || t('Lessons')}
                    {st.student_grade && ` · ${tb(st.student_grade)}`}
                  </p>
                </div>
                <dl className="flex gap-4 text-center text-sm">
                  <div>
                    <dt className="text-stone-600">{t('Held')}</dt>
                    <dd className="text-xl font-bold text-brand-800">{st.sessions_held}</dd>
                  </div>
                  <div>
                    <dt className="text-stone-600">{t('To come')}</dt>
                    <dd className="text-xl font-bold text-brand-800">{st.sessions_remaining}</dd>
                  </div>
                </dl>
              </header>
              <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
                <dt className="font-medium text-stone-700">{t('Guardian')}</dt>
                <dd className="break-words text-stone-900">{st.guardian_name}</dd>
                <dt className="font-medium text-stone-700">{t('E-mail')}</dt>
                <dd className="break-all">
                  <a className="text-brand-700 underline" href={`mailto:${st.guardian_email}`}>
                    {st.guardian_email}
                  </a>
                </dd>
                {st.guardian_phone && (
                  <>
                    <dt className="font-medium text-stone-700">{t('Phone')}</dt>
                    <dd>
                      <a
                        className="text-brand-700 underline"
                        href={`tel:${st.guardian_phone.replace(/\s/g, '')}`}
                      >
                        {st.guardian_phone}
                      </a>
                    </dd>
                  </>
                )}
                {st.next_session_at && (
                  <>
                    <dt className="font-medium text-stone-700">{t('Next session')}</dt>
                    <dd>
                      {dates.format(
                        st.next_session_at,
                        'dayTime',
                        st.sessions[0]?.time_zone ?? 'Africa/Addis_Ababa',
                      )}{' '}
                      {zoneLabel(st.sessions[0]?.time_zone ?? 'Africa/Addis_Ababa')}
                    </dd>
                  </>
                )}
              </dl>
              {toMark.length > 0 && (
                <section className="mt-4">
                  <h3 className="mb-2 font-semibold text-amber-900">{t('To mark')}</h3>
                  <SessionItems
                    sessions={toMark}
                    empty=""
                    showStudent={false}
                    label={t('{{name}}: to mark', { name: st.student_name })}
                  />
                </section>
              )}
              {ahead.length > 0 && (
                <section className="mt-4">
                  <h3 className="mb-2 font-semibold text-stone-900">{t('Coming up')}</h3>
                  <SessionItems sessions={ahead} empty="" showStudent={false} />
                </section>
              )}
              {past.length > 0 && (
                <section className="mt-4">
                  <h3 className="mb-2 font-semibold text-stone-900">{t('Recent sessions')}</h3>
                  <SessionItems sessions={past} empty="" showStudent={false} />
                </section>
              )}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
