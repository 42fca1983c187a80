import { useTranslation } from 'react-i18next';
import { PageHero } from '../../../components/page-hero.tsx';
import { SubjectCards } from '../../../features/content/components/subject-cards.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function SubjectsPage() {
  const { t } = useTranslation('public');
  usePageMeta(
    t('Subjects'),
    t(
      'Mathematics, Sciences, Languages (Amharic, Tigrigna, Afaan Oromoo) and Coding with experienced Ethiopian tutors.',
    ),
  );
  return (
    <>
      <PageHero
        title={t('Subjects')}
        subtitle={t('Mathematics, Sciences, Languages and Coding, taught one-to-one online.')}
      />
      <div className="mx-auto max-w-6xl px-4 py-14">
        <SubjectCards headingLevel={2} />
      </div>
    </>
  );
}
