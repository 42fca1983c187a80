import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function BlogPostPage() {
  usePageMeta('Blog', 'A post from the Tibeb Tutoring blog.');
  return <PageHero title={'Blog'} subtitle={'Loading the post.'} />;
}
