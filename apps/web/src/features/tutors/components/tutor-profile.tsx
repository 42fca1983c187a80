import { gradeRange } from '@tibeb/domain/tutors/directory';
import { directoryMessages as m } from '@tibeb/domain/tutors/messages';
import type { PublicTutorPage } from '@tibeb/domain/tutors/search';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { CheckBadges } from './check-badges.tsx';
import {
  bookingState,
  formatHourlyRate,
  formatTrial,
  formatYears,
  trialPath,
  tutorEducation,
  tutorName,
} from './format.ts';
import { ImageDialog } from './image-dialog.tsx';
import { FreeTime } from './next-free.tsx';
import { StarRow } from './star-row.tsx';
import { TutorImage } from './tutor-image.tsx';
import { TutorReviews } from './tutor-reviews.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="text-xl font-semibold text-stone-900">
        {title}
      </h2>
      <div className="mt-2 wrap-anywhere text-stone-800">{children}</div>
    </section>
  );
}

/**
 * A tutor's own page (issue 28): photo, about, education, experience, teaching style, languages, grades, rate,
 * the vetting checks passed, the free times left this week (EAT, and the visitor's own time), reviews, and Book.
 */
export function TutorProfile({ tutor }: { tutor: PublicTutorPage }) {
  const { t } = useTranslation('public');
  const name = tutorName(t, tutor.full_name);
  const grades = gradeRange(tutor);
  const reviewsId = useId();
  const [enlarged, setEnlarged] = useState<{ src: string; name: string } | null>(null);
  // The tutor's name in the words themselves: what a screen reader announces is what the button says (WCAG 2.5.3).
  const book = (
    <div className="flex flex-wrap items-center gap-3">
      <Link to="/booking/form" state={bookingState(tutor)} className={buttonStyles.primary}>
        {t('Book {{name}}', { name })}
      </Link>
      {/* A short first lesson, when the tutor offers one (decision 273). */}
      {tutor.trial && (
        <Link to={trialPath(tutor)} className={buttonStyles.secondary}>
          {t('Book a trial lesson with {{name}}', { name })}
        </Link>
      )}
    </div>
  );

  return (
    <article className="mx-auto max-w-6xl min-w-0 px-4 py-8 sm:py-10">
      <p className="mb-4 text-sm">
        <Link to="/tutors" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          {t('← All tutors')}
        </Link>
      </p>
      <header className="flex min-w-0 flex-col gap-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:flex-row sm:p-6">
        <button
          type="button"
          onClick={() => setEnlarged({ src: tutor.profile_image, name })}
          className="shrink-0 cursor-zoom-in self-start rounded-2xl focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          aria-label={t('Enlarge photo of {{name}}', { name })}
        >
          <TutorImage
            src={tutor.profile_image}
            alt={name}
            loading="eager"
            sizes="10rem"
            className="h-40 w-40 rounded-2xl bg-brand-50 object-cover"
          />
        </button>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div>
            <h1 className="text-3xl font-bold tracking-tight wrap-anywhere text-stone-900">{name}</h1>
            <p className="mt-1 text-lg font-medium wrap-anywhere text-brand-700">
              {t('{{subject}} tutor', { subject: tutor.subject })}
            </p>
          </div>
          <StarRow rating={tutor.average_rating} reviews={tutor.total_reviews} />
          <CheckBadges checks={tutor.checks} />
          <p className="text-xl font-semibold text-stone-900" data-testid="hourly-rate">
            {formatHourlyRate(t, tutor.hourly_rate)}
          </p>
          <div className="space-y-2">
            {book}
            {tutor.trial && (
              <p className="text-sm text-stone-700" data-testid="trial-offer">
                {formatTrial(t, tutor.trial)}
              </p>
            )}
          </div>
        </div>
      </header>

      <div className="mt-8 grid min-w-0 grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-8">
          <Section title={t(m.aboutMe)}>
            <p className="whitespace-pre-line">{tutor.bio.trim() || t(m.noBio)}</p>
          </Section>
          <Section title={t(m.teachingStyle)}>
            <p className="whitespace-pre-line">{tutor.teaching_style.trim() || t(m.educationNotSpecified)}</p>
          </Section>
          <Section title={t(m.education)}>
            <p className="whitespace-pre-line">{tutorEducation(t, tutor.education)}</p>
          </Section>
          <Section title={t(m.experience)}>
            <p>{formatYears(t, tutor.years_of_experience)}</p>
          </Section>
          <TutorReviews tutorId={tutor.id} headingId={reviewsId} />
        </div>
        <aside className="flex min-w-0 flex-col gap-8" aria-label={t('At a glance')}>
          <Section title={t('Free times this week')}>
            {tutor.next_free_times.length === 0 ? (
              <p>{t('No free time left this week.')}</p>
            ) : (
              <ul className="space-y-1.5 text-sm" aria-label={t('Free times this week')}>
                {tutor.next_free_times.map((free) => (
                  <li key={free.starts_at}>
                    <FreeTime free={free} />
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-2 text-sm text-stone-600">
              {t('Lessons are one hour; choose days and times when you book.')}
            </p>
          </Section>
          <Section title={t('Languages')}>
            <p>
              {tutor.languages.length > 0 ? tutor.languages.map((l) => t(l)).join(', ') : t('Not specified')}
            </p>
          </Section>
          <Section title={t('Grades')}>
            <p>
              {grades.from === grades.to
                ? t('Grade {{grade}}', { grade: grades.from })
                : t('Grades {{from}} to {{to}}', { from: grades.from, to: grades.to })}
            </p>
          </Section>
          <Section title={t(m.hourlyRate)}>
            <p>{formatHourlyRate(t, tutor.hourly_rate)}</p>
          </Section>
          <div>{book}</div>
        </aside>
      </div>
      <ImageDialog image={enlarged} onClose={() => setEnlarged(null)} />
    </article>
  );
}
