import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function PaymentSuccessPage() {
  usePageMeta('Payment Successful!', 'Your payment was received.');
  return (
    <PageHero
      title={'Payment Successful!'}
      subtitle={'Thank you for your payment. Your session is now confirmed.'}
    />
  );
}
