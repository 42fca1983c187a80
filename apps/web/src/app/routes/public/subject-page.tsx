import type { Subject } from '@tibeb/domain/subjects/contract';
import { formatUsd, toCents } from '@tibeb/domain/shared/money';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHero } from '../../../components/page-hero.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePublicSubjects } from '../../../features/tutors/api/get-subjects.ts';
import { TutorResults } from '../../../features/tutors/components/tutor-results.tsx';
import { clip } from '../../../features/tutors/utils/tutor-seo.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import NotFoundPage from './not-found.tsx';

function Found({ subject }: { subject: Subject }) {
  const { t } = useTranslation('public');
  const name = t(subject.name);
  const description = clip(
    t(subject.description) ||
      t('Ethiopian tutors for {{subject}}: weekly one-to-one online lessons.', { subject: name }),
  );
  usePageMeta(t('{{subject}} tutors', { subject: name }), description, {
    canonical: `/subjects/${subject.slug}`,
  });
  return (
    <>
      <PageHero
        title={name}
        subtitle={t('Tutors for {{subject}}, taught one-to-one online.', { subject: name })}
      >
        <p className="mt-3 max-w-2xl wrap-anywhere text-emerald-50">{description}</p>
        <p className="mt-3 text-emerald-50">
          {subject.level && <span>{t(subject.level)} · </span>}
          {t('From {{price}}/hr', { price: formatUsd(toCents(subject.price_per_hour)) })}
        </p>
        <Link
          to={`/booking/form?subject=${encodeURIComponent(subject.slug)}`}
          className={`${buttonStyles.accent} mt-5`}
        >
          {t('Book by subject')}
        </Link>
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
        <h2 className="text-2xl font-semibold text-stone-900">
          {t('{{subject}} tutors', { subject: name })}
        </h2>
        <TutorResults
          query={{ subject: subject.slug }}
          empty={
            <div className="mt-8 flex flex-col items-center gap-4 rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
              <p className="text-lg text-stone-700">
                {t('No tutors teach {{subject}} yet.', { subject: name })}
              </p>
              <Link to="/tutors" className={buttonStyles.primary}>
                {t('See all tutors')}
              </Link>
            </div>
          }
        />
      </div>
    </>
  );
}

/** `/subjects/{slug}` (issue 28): a catalogue subject and its tutors, searched as the directory searches. */
export default function SubjectPage() {
  const { t } = useTranslation('public');
  const { slug = '' } = useParams();
  const subjects = usePublicSubjects();
  const subject = subjects.data?.find((s) => s.slug === slug.toLowerCase());

  if (subjects.isPending) return <Loading />;
  if (subjects.isError) {
    return (
      <LoadFailed
        title={t('Subjects')}
        text={t('The subjects could not be loaded. Please try again in a moment.')}
        onRetry={() => void subjects.refetch()}
      />
    );
  }
  if (!subject) return <NotFoundPage />;
  return <Found key={subject.slug} subject={subject} />;
}

function Loading() {
  const { t } = useTranslation('public');
  usePageMeta(t('Subjects'), t('Tutors by subject.'));
  return (
    <div className="min-h-[60svh]">
      <Spinner label={t('Loading...')} />
    </div>
  );
}

function LoadFailed({ title, text, onRetry }: { title: string; text: string; onRetry: () => void }) {
  const { t } = useTranslation('public');
  usePageMeta(title, text, { status: 503 });
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-stone-600">{text}</p>
      <button type="button" className={`${buttonStyles.primary} mt-6`} onClick={onRetry}>
        {t('Try again')}
      </button>
    </section>
  );
}
