import { useTranslation } from 'react-i18next';
import { PageHero } from '../../../components/page-hero.tsx';
import { BlogList } from '../../../features/blog/components/blog-list.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function BlogPage() {
  const { t } = useTranslation('public');
  usePageMeta(t('Blog'), t('Study tips, language learning and news from Tibeb Tutoring.'));
  return (
    <>
      <PageHero
        title={t('Blog')}
        subtitle={t('Study tips, language learning and news for families learning with Ethiopian tutors.')}
      />
      <BlogList />
    </>
  );
}
