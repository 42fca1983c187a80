import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function PrivacyPage() {
  usePageMeta('Privacy Policy', 'How Tibeb Tutoring collects, uses and protects personal data.');
  return <PageHero title={'Privacy Policy'} subtitle={'Privacy policy and terms.'} />;
}
