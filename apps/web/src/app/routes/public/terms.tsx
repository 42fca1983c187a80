import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function TermsPage() {
  usePageMeta('Terms of Service', 'The terms that govern the use of Tibeb Tutoring.');
  return <PageHero title={'Terms of Service'} subtitle={'Terms of service.'} />;
}
