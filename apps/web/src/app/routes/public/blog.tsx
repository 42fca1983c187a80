import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function BlogPage() {
  usePageMeta('Blog', 'Study tips, language learning and news from Tibeb Tutoring.');
  return <PageHero title={'Blog'} subtitle={'Study tips and news.'} />;
}
