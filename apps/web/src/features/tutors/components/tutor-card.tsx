import { formatRating } from '@tibeb/domain/tutors/directory';
import { directoryMessages as m } from '@tibeb/domain/tutors/messages';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { tutorPath } from '@tibeb/domain/tutors/search-params';
import type { DirectoryTutor } from '../api/search-tutors.ts';
import {
  bookingState,
  formatHourlyRate,
  formatTrial,
  formatYears,
  trialPath,
  tutorBioPreview,
  tutorEducation,
  tutorName,
} from './format.ts';
import { CheckBadges } from './check-badges.tsx';
import { NextFreeLine } from './next-free.tsx';
import { StarRow } from './star-row.tsx';
import { TutorImage } from './tutor-image.tsx';

type Props = {
  tutor: DirectoryTutor;
  onEnlarge: (image: { src: string; name: string }) => void;
  onDetails: (tutor: DirectoryTutor) => void;
  /** The first row is above the fold: its images load at once (LCP); the rest load lazily. */
  eager?: boolean;
};

/** One directory card with every field of spec §2. */
export function TutorCard({ tutor, onEnlarge, onDetails, eager = false }: Props) {
  const { t } = useTranslation('public');
  const name = tutorName(t, tutor.full_name);
  return (
    <article
      aria-label={name}
      className="flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md"
    >
      <div className="relative">
        <button
          type="button"
          onClick={() => onEnlarge({ src: tutor.profile_image, name })}
          className="block w-full cursor-zoom-in focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-brand-700"
          aria-label={t('Enlarge photo of {{name}}', { name })}
        >
          <TutorImage
            src={tutor.profile_image}
            alt={name}
            loading={eager ? 'eager' : 'lazy'}
            sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw"
            className="aspect-[4/3] w-full bg-brand-50 object-cover"
          />
        </button>
        <span
          role="img"
          className="absolute top-3 right-3 inline-flex items-center gap-1 rounded-full bg-white/95 px-2.5 py-1 text-sm font-semibold text-stone-900 shadow"
          aria-label={t('Rating {{rating}} out of 5', { rating: formatRating(tutor.average_rating) })}
          data-testid="rating-badge"
        >
          {formatRating(tutor.average_rating)}
          <span aria-hidden="true" className="text-accent-500">
            ★
          </span>
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <h2 className="text-lg font-semibold wrap-anywhere text-stone-900">
            {/* The tutor's own page (issue 28): their whole profile, reviews and free times. */}
            <Link to={tutorPath(tutor)} className="underline-offset-2 hover:text-brand-700 hover:underline">
              {name}
            </Link>
          </h2>
          <p className="text-sm font-medium wrap-anywhere text-brand-700">{tutor.subject}</p>
        </div>
        <StarRow rating={tutor.average_rating} reviews={tutor.total_reviews} />
        <CheckBadges checks={tutor.checks} />
        <p className="text-sm leading-relaxed wrap-anywhere text-stone-700">
          {tutorBioPreview(t, tutor.bio)}
        </p>
        {tutor.next_free !== undefined && <NextFreeLine free={tutor.next_free} />}
        <dl className="mt-auto grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-stone-500">{t(m.education)}</dt>
          <dd className="min-w-0 wrap-anywhere text-stone-800">{tutorEducation(t, tutor.education)}</dd>
          <dt className="text-stone-500">{t(m.experience)}</dt>
          <dd className="text-stone-800">{formatYears(t, tutor.years_of_experience)}</dd>
          <dt className="text-stone-500">{t('Price')}</dt>
          <dd className="font-semibold text-stone-900" data-testid="hourly-rate">
            {formatHourlyRate(t, tutor.hourly_rate)}
          </dd>
        </dl>
        <div className="grid grid-cols-2 gap-3 pt-1">
          <Link
            to="/booking/form"
            state={bookingState(tutor)}
            className={`${buttonStyles.primary} px-3`}
            aria-label={t('Book {{name}}', { name })}
          >
            {t(m.book)}
          </Link>
          <button
            type="button"
            className={`${buttonStyles.secondary} px-3`}
            onClick={() => onDetails(tutor)}
            aria-label={t('Details about {{name}}', { name })}
          >
            {t(m.details)}
          </button>
        </div>
        {tutor.trial && (
          <div className="flex flex-col gap-2 border-t border-stone-100 pt-3">
            <p className="text-sm text-stone-700" data-testid="trial-offer">
              {formatTrial(t, tutor.trial)}
            </p>
            <Link
              to={trialPath(tutor)}
              className={`${buttonStyles.secondary} px-3`}
              aria-label={t('Book a trial lesson with {{name}}', { name })}
            >
              {t('Book a trial')}
            </Link>
          </div>
        )}
      </div>
    </article>
  );
}
