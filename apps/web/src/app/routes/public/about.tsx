import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function AboutPage() {
  usePageMeta(
    'About us',
    "About Tibeb Tutoring: who we are, how we vet Ethiopian tutors, and why families abroad trust us with their children's learning.",
  );
  return (
    <PageHero
      title={'About us'}
      subtitle={'We connect families with vetted Ethiopian tutors for weekly online lessons.'}
    />
  );
}
