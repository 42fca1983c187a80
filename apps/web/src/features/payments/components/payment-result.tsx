import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paymentMessages } from '@tibeb/domain/payments/messages';
import { formatUsd } from '@tibeb/domain/shared/money';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { STATUS_POLLS, usePaymentStatus } from '../api/get-payment-status.ts';
import { paymentErrorText } from '../utils/error-text.ts';
import { SessionList } from './session-list.tsx';

const PAID = new Set(['paid', 'partially_refunded', 'refunded']);

function Card({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-8">
        {children}
      </div>
    </div>
  );
}

const HomeButton = () => (
  <Link to="/" className={`${buttonStyles.primary} mt-6`}>
    {paymentMessages.backToHome}
  </Link>
);

/**
 * /payment-success (spec §2): confirms with the server by the provider's session id (DESIGN §1.8) and shows
 * the booked sessions; while the provider has not confirmed yet it asks again a few times.
 */
export function PaymentResult({ sessionId }: { sessionId: string }) {
  const { query: status, answers } = usePaymentStatus(sessionId);

  if (!sessionId) {
    return (
      <Card>
        <h1 className="text-2xl font-bold text-brand-800">Payment</h1>
        <div className="mt-4">
          <Alert tone="info">
            We could not find a payment reference in this address. If you paid, your confirmation e-mail has
            the details.
          </Alert>
        </div>
        <HomeButton />
      </Card>
    );
  }
  if (status.isPending) {
    return (
      <Card>
        <Spinner label="Confirming your payment..." />
      </Card>
    );
  }
  if (status.isError) {
    return (
      <Card>
        <h1 className="text-2xl font-bold text-brand-800">Payment</h1>
        <div className="mt-4">
          <Alert tone="error">{paymentErrorText(status.error)}</Alert>
        </div>
        <HomeButton />
      </Card>
    );
  }

  const { data } = status;
  const r = data.reservation;
  if (PAID.has(data.status)) {
    return (
      <Card>
        <div
          aria-hidden="true"
          className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-3xl text-brand-700"
        >
          ✓
        </div>
        <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">{paymentMessages.successTitle}</h1>
        <p className="mt-3 text-stone-700">{paymentMessages.successBody}</p>
        <p className="mt-2 text-sm text-stone-600">
          {r.tutor?.full_name ? `With ${r.tutor.full_name}. ` : ''}A confirmation has been sent to {r.email}.
        </p>
        <div className="mt-6">
          <SessionList sessions={r.sessions} skipped={r.skipped} timeZone={r.time_zone} />
        </div>
        {r.credit_cents > 0 && (
          <div className="mt-4 text-left">
            <Alert tone="info">
              {formatUsd(r.credit_cents)} for the skipped sessions is kept as a credit on your reservation;
              contact us to use it or have it refunded.
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
        <h1 className="text-2xl font-bold text-brand-800">Confirming your payment</h1>
        {stillPolling ? (
          <Spinner label="Waiting for the payment provider to confirm..." />
        ) : (
          <div className="mt-4">
            <Alert tone="info">
              Your payment has not been confirmed yet. You will receive an e-mail as soon as it is; there is
              no need to pay again.
            </Alert>
          </div>
        )}
        <HomeButton />
      </Card>
    );
  }
  return (
    <Card>
      <h1 className="text-2xl font-bold text-brand-800">Payment not completed</h1>
      <div className="mt-4">
        <Alert tone="error">
          This payment was {data.status === 'failed' ? 'declined' : data.status}, and nothing was charged. The
          times you chose are no longer held.
        </Alert>
      </div>
      <Link to="/tutors" className={`${buttonStyles.primary} mt-6`}>
        {paymentMessages.tryAgain}
      </Link>
    </Card>
  );
}
