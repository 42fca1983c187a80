import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { PaymentResult } from '../../../features/payments/components/payment-result.tsx';

export default function PaymentSuccessPage() {
  const { t } = useTranslation('public');
  usePageMeta(t('Payment Successful!'), t('Your payment and your booked tutoring sessions.'));
  const [params] = useSearchParams();
  return <PaymentResult sessionId={params.get('session_id') ?? ''} />;
}
