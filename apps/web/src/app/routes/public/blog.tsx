import { PageHero } from '../../../components/page-hero.tsx';
import { BlogList } from '../../../features/blog/components/blog-list.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function BlogPage() {
  usePageMeta('Blog', 'Study tips, language learning and news from Tibeb Tutoring.');
  return (
    <>
      <PageHero
        title="Blog"
        subtitle="Study tips, language learning and news for families learning with Ethiopian tutors."
      />
      <BlogList />
    </>
  );
}
