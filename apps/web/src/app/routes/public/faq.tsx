import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function FaqPage() {
  usePageMeta(
    'Frequently asked questions',
    'Answers about subjects, online sessions, scheduling, payments and refunds.',
  );
  return <PageHero title={'Frequently asked questions'} subtitle={'Answers to common questions.'} />;
}
