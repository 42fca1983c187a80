import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { PaymentCancelled } from '../../../features/payments/components/payment-cancelled.tsx';

export default function PaymentCancelPage() {
  const { t } = useTranslation('public');
  usePageMeta(t('Payment cancelled'), t('The payment was cancelled; you can choose a tutor and try again.'));
  return <PaymentCancelled />;
}
