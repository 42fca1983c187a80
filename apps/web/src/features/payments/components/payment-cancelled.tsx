import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paymentMessages } from '@tibeb/domain/payments/messages';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useCancelCheckout } from '../api/cancel-checkout.ts';

/**
 * /payment-cancel (spec §2): the family left the hosted checkout without paying. The provider's cancel address
 * carries the reservation: its hold is released at once, so the times are free for everyone again.
 */
export function PaymentCancelled() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const reservationId = params.get('reservation_id') ?? '';
  const cancel = useCancelCheckout();
  const sent = useRef(false);
  const { mutate } = cancel;
  useEffect(() => {
    if (!reservationId || sent.current) return;
    sent.current = true;
    mutate(reservationId);
  }, [reservationId, mutate]);

  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">{t(paymentMessages.cancelTitle)}</h1>
        <p className="mt-3 text-stone-700">{t(paymentMessages.cancelBody)}</p>
        {cancel.isSuccess && (
          <p className="mt-2 text-sm text-stone-600" role="status">
            {t('Nothing was charged, and the times you picked are free again.')}
          </p>
        )}
        {reservationId ? (
          // Decision 253: the wizard opens with the fields and times this tab kept, still editable.
          <div className="mt-6 flex flex-col items-center gap-3">
            <Link
              to={`/booking/form?again=${encodeURIComponent(reservationId)}`}
              className={buttonStyles.primary}
            >
              {t('Back to the booking form')}
            </Link>
            <p className="text-sm text-stone-600">{t('Your details and chosen times are kept.')}</p>
            <Link to="/tutors" className={buttonStyles.secondary}>
              {t(paymentMessages.tryAgain)}
            </Link>
          </div>
        ) : (
          <Link to="/tutors" className={`${buttonStyles.primary} mt-6`}>
            {t(paymentMessages.tryAgain)}
          </Link>
        )}
      </div>
    </div>
  );
}
