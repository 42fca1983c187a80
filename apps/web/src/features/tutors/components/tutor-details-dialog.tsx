import { directoryMessages as m } from '@tibeb/domain/tutors/messages';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { tutorPath } from '@tibeb/domain/tutors/search-params';
import type { DirectoryTutor } from '../api/search-tutors.ts';
import { useGetTutorReviews } from '../api/get-tutor-reviews.ts';
import { CheckBadges } from './check-badges.tsx';
import { bookingState, formatHourlyRate, formatYears, tutorEducation, tutorName } from './format.ts';

function Section({ title, children }: { title: string; children: string }) {
  return (
    <section className="border-t border-stone-200 py-3 first:border-t-0 first:pt-0">
      <h3 className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{title}</h3>
      <p className="mt-1 wrap-anywhere whitespace-pre-line text-stone-800">{children}</p>
    </section>
  );
}

/** The latest families' reviews (issue 15): loaded when the dialog opens; nothing shown while loading. */
function LatestReviews({ tutorId }: { tutorId: number | null }) {
  const { t } = useTranslation('public');
  const query = useGetTutorReviews(tutorId);
  if (tutorId === null || !query.data) return null;
  const { reviews } = query.data;
  return (
    <section className="border-t border-stone-200 py-3">
      <h3 className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('Latest reviews')}</h3>
      {reviews.length === 0 ? (
        <p className="mt-1 text-stone-700">{t('No reviews yet.')}</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {reviews.map((r) => (
            <li key={r.id}>
              <p className="text-sm">
                <span
                  className="text-amber-500"
                  role="img"
                  aria-label={t('{{rating}} out of 5 stars', { rating: r.rating })}
                >
                  {'★'.repeat(r.rating)}
                  <span className="text-stone-300">{'★'.repeat(5 - r.rating)}</span>
                </span>{' '}
                <span className="font-medium text-stone-800">{r.author_name}</span>
              </p>
              {r.comment && <p className="wrap-anywhere text-stone-800">{r.comment}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Spec §2: About Me, Education, Experience in years, Teaching Style and Hourly Rate; Book Session and Close. */
export function TutorDetailsDialog({
  tutor,
  onClose,
}: {
  tutor: DirectoryTutor | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('public');
  return (
    <Dialog
      open={tutor !== null}
      onClose={onClose}
      title={tutor ? tutorName(t, tutor.full_name) : t(m.details)}
    >
      {tutor && (
        <>
          {/* First in focus order, so opening on a small phone does not scroll the dialog to its bottom. */}
          <button
            type="button"
            onClick={onClose}
            aria-label={t('Close details')}
            className="absolute top-3 right-3 flex h-10 w-10 items-center justify-center rounded-full text-2xl leading-none text-stone-500 hover:bg-stone-100 hover:text-stone-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <span aria-hidden="true">×</span>
          </button>
          <p className="-mt-3 mb-4 pr-8 text-stone-600">{tutor.subject}</p>
          <div className="mb-4">
            <CheckBadges checks={tutor.checks} />
          </div>
          <Section title={t(m.aboutMe)}>{tutor.bio.trim() || t(m.noBio)}</Section>
          <Section title={t(m.education)}>{tutorEducation(t, tutor.education)}</Section>
          <Section title={t(m.experience)}>{formatYears(t, tutor.years_of_experience)}</Section>
          <Section title={t(m.teachingStyle)}>
            {tutor.teaching_style.trim() || t(m.educationNotSpecified)}
          </Section>
          <Section title={t(m.hourlyRate)}>{formatHourlyRate(t, tutor.hourly_rate)}</Section>
          <LatestReviews tutorId={tutor.id} />
          <p className="border-t border-stone-200 pt-3">
            <Link
              to={tutorPath(tutor)}
              className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {t('See the full profile of {{name}}', { name: tutorName(t, tutor.full_name) })}
            </Link>
          </p>
          <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className={buttonStyles.secondary} onClick={onClose}>
              {t(m.close)}
            </button>
            <Link to="/booking/form" state={bookingState(tutor)} className={buttonStyles.primary}>
              {t(m.bookSession)}
            </Link>
          </div>
        </>
      )}
    </Dialog>
  );
}
