import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function TestimonialsPage() {
  usePageMeta('Testimonials', "What parents say about their children's lessons with Tibeb tutors.");
  return <PageHero title={'Testimonials'} subtitle={'What parents say about us.'} />;
}
