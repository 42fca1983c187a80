import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { PaymentNavigationState } from '@tibeb/domain/payments/contracts';
import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { PaymentDetails } from '../../../features/payments/components/payment-details.tsx';

export default function PaymentPage() {
  const { t } = useTranslation('public');
  usePageMeta(t('Payment'), t('Pay securely for your tutoring sessions.'));
  const location = useLocation();
  const [params] = useSearchParams();
  const state =
    location.state && typeof location.state === 'object' ? (location.state as PaymentNavigationState) : null;
  return (
    <>
      <PageHero title={t('Payment')} subtitle={t('Pay securely for your tutoring sessions.')} />
      <PaymentDetails state={state} reservationIdParam={params.get('reservation_id') ?? ''} />
    </>
  );
}
