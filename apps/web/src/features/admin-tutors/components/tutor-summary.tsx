import { useTranslation } from 'react-i18next';
import { availabilityDays } from '@tibeb/domain/tutors/contract';
import type { TutorProfile } from '@tibeb/domain/tutors/profile';
import { weekdayNames } from '../utils/weekdays.ts';

/** The view screen's facts: what families see, the publishing flags and the weekly windows. */
export function TutorSummary({ tutor }: { tutor: TutorProfile }) {
  const { t } = useTranslation('admin');
  const weekdays = weekdayNames(t);
  const status = tutor.is_published ? t('Published') : t('Draft');
  const rows: [string, string][] = [
    [t('Subject'), `${tutor.subject}${tutor.category ? ` (${tutor.category})` : ''}`],
    [
      t('Grades'),
      t('{{from}} to {{to}}', {
        from: tutor.grade_from === 0 ? t('KG') : tutor.grade_from,
        to: tutor.grade_to,
      }),
    ],
    [t('Hourly rate'), `$${tutor.hourly_rate.toFixed(2)}`],
    [t('Experience'), t('{{count}} years', { count: tutor.years_of_experience })],
    [t('Education'), tutor.education || t('Not specified')],
    [
      t('Rating'),
      t('{{rating}} from {{count}} reviews', {
        rating: tutor.average_rating.toFixed(1),
        count: tutor.total_reviews,
      }),
    ],
    [t('Status'), tutor.is_active ? status : t('{{status}}, inactive', { status })],
    [t('Meeting link'), tutor.meeting_url || t('A room is generated for every session')],
    [t('Time zone'), tutor.time_zone],
  ];
  return (
    <div className="grid items-start gap-4 xl:grid-cols-2">
      <dl className="grid min-w-0 grid-cols-1 content-start gap-x-4 gap-y-2 rounded-xl border border-stone-200 bg-white p-4 text-sm sm:grid-cols-[8rem_minmax(0,1fr)] sm:p-6">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-stone-600">{k}</dt>
            <dd className="break-words text-stone-900">{v}</dd>
          </div>
        ))}
      </dl>
      <section
        aria-labelledby="week-heading"
        className="rounded-xl border border-stone-200 bg-white p-4 text-sm sm:p-6"
      >
        <h2 id="week-heading" className="mb-2 font-semibold text-stone-900">
          {t('Weekly availability ({{zone}})', {
            zone: tutor.time_zone === 'Africa/Addis_Ababa' ? 'EAT' : tutor.time_zone,
          })}
        </h2>
        <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-y-1">
          {availabilityDays.map((d) => (
            <div key={d} className="contents">
              <dt className="text-stone-600">{weekdays[d]}</dt>
              <dd>
                {tutor.availability[d].length
                  ? tutor.availability[d].map((w) => `${w.start}–${w.end}`).join(', ')
                  : '—'}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
