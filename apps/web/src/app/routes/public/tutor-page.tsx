import { displayName } from '@tibeb/domain/tutors/directory';
import type { PublicTutorPage } from '@tibeb/domain/tutors/search';
import { tutorIdFromParam, tutorPath } from '@tibeb/domain/tutors/search-params';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTutorPage } from '../../../features/tutors/api/get-tutor-page.ts';
import { useTutorReviewPages } from '../../../features/tutors/api/get-tutor-reviews.ts';
import { TutorProfile } from '../../../features/tutors/components/tutor-profile.tsx';
import { clip, tutorJsonLd } from '../../../features/tutors/utils/tutor-seo.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import NotFoundPage from './not-found.tsx';

function Found({ tutor }: { tutor: PublicTutorPage }) {
  const { t } = useTranslation('public');
  const name = displayName(tutor.full_name);
  const description = clip(
    tutor.bio.trim() ||
      t('{{name}} teaches {{subject}} online to grades {{from}} to {{to}}. Book weekly one-to-one lessons.', {
        name,
        subject: tutor.subject,
        from: tutor.grade_from,
        to: tutor.grade_to,
      }),
  );
  usePageMeta(t('{{name}} — {{subject}} tutor', { name, subject: tutor.subject }), description, {
    canonical: tutorPath(tutor),
    image: tutor.profile_image || undefined,
    type: 'profile',
    jsonLd: tutorJsonLd(tutor, description),
  });
  return <TutorProfile tutor={tutor} />;
}

/**
 * An address with another slug (or none): the browser goes to the canonical one; the server answers 301 to it
 * (status 301 with the canonical address in the head), and a visitor without script has the link.
 */
function Moved({ to, name }: { to: string; name: string }) {
  const { t } = useTranslation('public');
  usePageMeta(name, t('A tutor’s profile, reviews and free times.'), { canonical: to, status: 301 });
  return (
    <>
      {/* The server answers this address with a 301 itself (status above); a <Navigate> there only warns. */}
      {!import.meta.env.SSR && <Navigate replace to={to} />}
      <p className="mx-auto max-w-xl px-4 py-20 text-center">
        <Link to={to} replace className="font-semibold text-brand-700 underline underline-offset-2">
          {t('See the full profile of {{name}}', { name })}
        </Link>
      </p>
    </>
  );
}

function Loading() {
  const { t } = useTranslation('public');
  usePageMeta(t('Find a tutor'), t('A tutor’s profile, reviews and free times.'));
  return (
    <div className="min-h-[60svh]">
      <Spinner label={t('Loading tutor...')} />
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('public');
  // Not a missing tutor: the server could not answer. Crawlers come back later.
  usePageMeta(t('Find a tutor'), t('A tutor’s profile, reviews and free times.'), { status: 503 });
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-semibold">{t('This tutor could not be loaded')}</h1>
      <p className="mt-2 text-stone-600">{t('Please try again in a moment.')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonStyles.primary} onClick={onRetry}>
          {t('Try again')}
        </button>
        <Link to="/tutors" className={buttonStyles.secondary}>
          {t('See all tutors')}
        </Link>
      </div>
    </section>
  );
}

/**
 * `/tutors/{id}-{slug}` (issue 28): a tutor's own page. `/tutors/{id}` or an old slug goes to the canonical
 * address; an address that names no published tutor is the 404 page, with status 404.
 */
export default function TutorPage() {
  const { tutor: param = '' } = useParams();
  const id = tutorIdFromParam(param);
  const query = useTutorPage(id);
  // Asked for beside the tutor, so the server renders both in one round.
  useTutorReviewPages(id);

  if (id === null || (query.error instanceof ApiError && query.error.status === 404)) return <NotFoundPage />;
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const canonical = tutorPath(query.data);
  if (`/tutors/${param}` !== canonical)
    return <Moved to={canonical} name={displayName(query.data.full_name)} />;
  return <Found key={query.data.id} tutor={query.data} />;
}
