import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function PaymentPage() {
  usePageMeta('Payment', 'Pay securely for your tutoring sessions.');
  return <PageHero title={'Payment'} subtitle={'Pay securely for your sessions.'} />;
}
