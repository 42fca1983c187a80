import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function PaymentCancelPage() {
  usePageMeta('Payment cancelled', 'The payment was cancelled.');
  return (
    <PageHero
      title={'Payment cancelled'}
      subtitle={'You cancelled the payment. If this was a mistake, you can try again below.'}
    />
  );
}
