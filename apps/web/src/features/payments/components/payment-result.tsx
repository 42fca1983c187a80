import { collectedPaymentStatuses, statusIn } from '@tibeb/domain/bookings/statuses';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paymentMessages } from '@tibeb/domain/payments/messages';
import { formatAmount } from '@tibeb/domain/payments/currency';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { STATUS_POLLS, usePaymentStatus } from '../api/get-payment-status.ts';
import { paymentProblem } from '../utils/error-text.ts';
import { notCompleted, translatePaymentMessage } from '../utils/translate.ts';
import { SessionList } from './session-list.tsx';

function Card({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-8">
        {children}
      </div>
    </div>
  );
}

function HomeButton() {
  const { t } = useTranslation('payments');
  return (
    <Link to="/" className={`${buttonStyles.primary} mt-6`}>
      {t(paymentMessages.backToHome)}
    </Link>
  );
}

/**
 * /payment-success (spec §2): confirms with the server by the provider's session id (DESIGN §1.8) and shows
 * the booked sessions; while the provider has not confirmed yet it asks again a few times.
 */
export function PaymentResult({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('payments');
  const { query: status, answers } = usePaymentStatus(sessionId);

  if (!sessionId) {
    return (
      <Card>
        <h1 className="text-2xl font-bold text-brand-800">{t('Payment')}</h1>
        <div className="mt-4">
          <Alert tone="info">
            {t(
              'We could not find a payment reference in this address. If you paid, your confirmation e-mail has the details.',
            )}
          </Alert>
        </div>
        <HomeButton />
      </Card>
    );
  }
  if (status.isPending) {
    return (
      <Card>
        <Spinner label={t('Confirming your payment...')} />
      </Card>
    );
  }
  if (status.isError) {
    return (
      <Card>
        <h1 className="text-2xl font-bold text-brand-800">{t('Payment')}</h1>
        <div className="mt-4">
          <Alert tone="error">{translatePaymentMessage(t, paymentProblem(status.error))}</Alert>
        </div>
        <HomeButton />
      </Card>
    );
  }

  const { data } = status;
  const r = data.reservation;
  const freeTrial = data.provider === 'credit' && r.amount_cents === 0;
  if (statusIn(collectedPaymentStatuses, data.status)) {
    return (
      <Card>
        <div
          aria-hidden="true"
          className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-3xl text-brand-700"
        >
          ✓
        </div>
        {/* A free trial lesson (decision 273) is confirmed without a payment: it says so. */}
        <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">
          {freeTrial ? t('Your free trial lesson is booked!') : t(paymentMessages.successTitle)}
        </h1>
        <p className="mt-3 text-stone-700">
          {freeTrial
            ? t('No payment was needed: this trial lesson is free.')
            : t(paymentMessages.successBody)}
        </p>
        <p className="mt-2 text-sm text-stone-600">
          {r.tutor?.full_name ? `${t('With {{name}}.', { name: r.tutor.full_name })} ` : ''}
          {t('A confirmation has been sent to {{email}}.', { email: r.email })}
        </p>
        {freeTrial ? null : data.provider === 'credit' ? (
          <p className="mt-3 text-stone-700" data-testid="paid-with-credit">
            <strong>{t('Paid with your credit')}</strong>{' '}
            {t('Your credit of {{credit}} paid for this booking: no card was charged.', {
              credit: formatAmount(r.credit_applied_cents, r.currency),
            })}
          </p>
        ) : (
          r.credit_applied_cents > 0 && (
            <p className="mt-3 text-stone-700" data-testid="paid-with-credit">
              {t(
                // Birr goes through Chapa (card, telebirr or a bank), not always a card (issue 18).
                data.provider === 'chapa'
                  ? 'Credit used: {{credit}}. Paid through Chapa: {{amount}}.'
                  : 'Credit used: {{credit}}. Paid by card: {{amount}}.',
                {
                  credit: formatAmount(r.credit_applied_cents, r.currency),
                  amount: formatAmount(r.amount_charged_cents, r.currency),
                },
              )}
            </p>
          )
        )}
        <div className="mt-6">
          <SessionList sessions={r.sessions} skipped={r.skipped} timeZone={r.time_zone} />
        </div>
        {r.credit_cents > 0 && (
          <div className="mt-4 text-left">
            <Alert tone="info">
              {t(
                '{{amount}} for the skipped sessions is kept as a credit on your reservation; contact us to use it or have it refunded.',
                { amount: formatAmount(r.credit_cents, r.currency) },
              )}
            </Alert>
          </div>
        )}
        <HomeButton />
      </Card>
    );
  }
  if (data.status === 'pending') {
    const stillPolling = answers < STATUS_POLLS;
    return (
      <Card>
        <h1 className="text-2xl font-bold text-brand-800">{t('Confirming your payment')}</h1>
        {stillPolling ? (
          <Spinner label={t('Waiting for the payment provider to confirm...')} />
        ) : (
          <div className="mt-4">
            <Alert tone="info">
              {t(
                'Your payment has not been confirmed yet. You will receive an e-mail as soon as it is; there is no need to pay again.',
              )}
            </Alert>
          </div>
        )}
        <HomeButton />
      </Card>
    );
  }
  return (
    <Card>
      <h1 className="text-2xl font-bold text-brand-800">{t('Payment not completed')}</h1>
      <div className="mt-4">
        <Alert tone="error">
          {t(
            'This payment was {{status}}, and nothing was charged. The times you chose are no longer held.',
            { status: t(notCompleted[data.status] ?? data.status) },
          )}
        </Alert>
      </div>
      <Link to="/tutors" className={`${buttonStyles.primary} mt-6`}>
        {t(paymentMessages.tryAgain)}
      </Link>
    </Card>
  );
}
