import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHero } from '../../../components/page-hero.tsx';
import { SubjectCards } from '../../../features/content/components/subject-cards.tsx';
import { usePublicSubjects } from '../../../features/tutors/api/get-subjects.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** Each catalogue subject's own page of tutors (issue 28); nothing while the list is not in. */
function SubjectPageLinks() {
  const { t } = useTranslation('public');
  const subjects = usePublicSubjects();
  if (!subjects.data || subjects.data.length === 0) return null;
  return (
    <nav aria-labelledby="subject-pages" className="mt-12">
      <h2 id="subject-pages" className="text-2xl font-semibold text-stone-900">
        {t('Tutors by subject')}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-3">
        {subjects.data.map((subject) => (
          <li key={subject.id} className="min-w-0">
            <Link
              to={`/subjects/${subject.slug}`}
              className="inline-block max-w-full rounded-full border border-stone-300 bg-white px-4 py-2 font-semibold wrap-anywhere text-brand-700 hover:border-brand-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              {t('{{subject}} tutors', { subject: t(subject.name) })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function SubjectsPage() {
  const { t } = useTranslation('public');
  usePageMeta(
    t('Subjects'),
    t(
      'Mathematics, Sciences, Languages (Amharic, Tigrigna, Afaan Oromoo) and Coding with experienced Ethiopian tutors.',
    ),
    { canonical: '/subjects' },
  );
  return (
    <>
      <PageHero
        title={t('Subjects')}
        subtitle={t('Mathematics, Sciences, Languages and Coding, taught one-to-one online.')}
      />
      <div className="mx-auto max-w-6xl px-4 py-14">
        <SubjectCards headingLevel={2} />
        <SubjectPageLinks />
      </div>
    </>
  );
}
