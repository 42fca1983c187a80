import { usePageMeta } from '../../../lib/page-meta.ts';
import { PaymentCancelled } from '../../../features/payments/components/payment-cancelled.tsx';

export default function PaymentCancelPage() {
  usePageMeta('Payment cancelled', 'The payment was cancelled; you can choose a tutor and try again.');
  return <PaymentCancelled />;
}
