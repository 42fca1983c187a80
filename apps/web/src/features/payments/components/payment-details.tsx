import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { missingPaymentDetails, type PaymentNavigationState } from '@tibeb/domain/payments/contracts';
import { cardProviderName, paymentMessages } from '@tibeb/domain/payments/messages';
import { formatAmount } from '@tibeb/domain/payments/currency';
import { toCents } from '@tibeb/domain/shared/money';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { Problem } from '../../../lib/translate-message.ts';
import { useCreateCheckoutSession } from '../api/create-checkout-session.ts';
import { useReservation } from '../api/get-reservation.ts';
import { paymentProblem } from '../utils/error-text.ts';
import { redirectTo } from '../utils/redirect.ts';
import { translatePaymentMessage } from '../utils/translate.ts';
import { SecurityBadges } from './security-badges.tsx';
import { SessionList } from './session-list.tsx';

/** A read-only field; `label` comes translated. */
function ReadOnlyField({ label, value, small = false }: { label: string; value: string; small?: boolean }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-700">
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={value}
        className={`${inputStyles} bg-stone-50 ${small ? 'font-mono text-xs sm:text-sm' : ''}`}
      />
    </div>
  );
}

/**
 * The payment page (spec §2, §5, §8): the wizard's navigation state, or, after a reload or from a link,
 * the reservation read by `?reservation_id=`; 'Pay Securely' goes to the provider's hosted checkout.
 */
export function PaymentDetails({
  state,
  reservationIdParam,
}: {
  state: PaymentNavigationState | null;
  reservationIdParam: string;
}) {
  const { t } = useTranslation('payments');
  const { t: tc } = useTranslation('chapa');
  const navigate = useNavigate();
  const reservationId = state?.reservation_id ?? reservationIdParam;
  const fromState = Boolean(state && state.full_name && state.email && state.amount !== undefined);
  // Always read: the page lists the sessions this payment covers, as the server planned them.
  const reservation = useReservation(reservationId, true);
  const checkout = useCreateCheckoutSession();
  const [error, setError] = useState<Problem | null>(null);
  const [leaving, setLeaving] = useState(false);

  const details: PaymentNavigationState =
    fromState || !reservation.data
      ? { ...state, reservation_id: reservationId }
      : {
          reservation_id: reservation.data.id,
          full_name: reservation.data.full_name,
          email: reservation.data.email,
          amount: reservation.data.amount,
        };
  const awaiting = !reservation.data || reservation.data.status === 'pending_payment';
  // Decision 252: a lapsed hold cannot be paid (the server refuses too); the family books the same times again.
  const expired = reservation.data?.status === 'expired';
  const credit = reservation.data?.credit_applied_cents ?? 0;
  const coveredByCredit = Boolean(
    reservation.data && awaiting && credit > 0 && reservation.data.amount_charged_cents === 0,
  );
  // Birr goes through Chapa, dollars by card (issue 18 §3): the server's reservation says which.
  const birr = (reservation.data?.currency ?? state?.currency) === 'ETB';
  const money = (amount: number) => (birr ? formatAmount(toCents(amount), 'ETB') : `$${amount.toFixed(2)}`);

  const pay = () => {
    setError(null);
    if (missingPaymentDetails(details)) {
      setError(paymentMessages.incompleteDetails);
      return;
    }
    checkout.mutate(
      {
        full_name: details.full_name!,
        email: details.email!,
        amount: Number(details.amount),
        reservation_id: details.reservation_id!,
      },
      {
        onSuccess: (data) => {
          if (!data?.checkout_url) {
            setError(paymentMessages.noCheckoutUrl(birr ? 'Chapa' : cardProviderName));
            return;
          }
          setLeaving(true);
          redirectTo.assign(data.checkout_url);
        },
        onError: (err) => setError(paymentProblem(err)),
      },
    );
  };

  const busy = checkout.isPending || leaving;
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        <h2 className="text-xl font-semibold text-brand-800">{t('Payment details')}</h2>
        <p className="mt-1 text-sm text-stone-600">
          {birr
            ? tc("Check the details below, then pay in birr on Chapa's secure page.")
            : t("Check the details below, then pay on our card provider's secure page.")}
        </p>
        {reservation.isLoading && <Spinner label={t('Loading your reservation...')} />}
        {reservation.isError && (
          <div className="mt-4">
            <Alert tone="error">{translatePaymentMessage(t, paymentProblem(reservation.error))}</Alert>
          </div>
        )}
        {expired && (
          <div className="mt-4 grid gap-3">
            <Alert tone="info">
              {t(
                'Your hold on these times has expired, so they are no longer kept for you and this booking cannot be paid.',
              )}
            </Alert>
            <Link
              to={`/booking/form?again=${encodeURIComponent(reservation.data!.id)}`}
              className={`${buttonStyles.primary} self-start`}
            >
              {t('Book these times again')}
            </Link>
          </div>
        )}
        {!awaiting && !expired && (
          <div className="mt-4">
            <Alert tone="info">{t('This reservation is no longer awaiting payment.')}</Alert>
          </div>
        )}
        <div className="mt-6 grid gap-4">
          <ReadOnlyField label={t('Reservation ID')} value={details.reservation_id ?? ''} small />
          <ReadOnlyField label={t('Full Name')} value={details.full_name ?? ''} />
          <ReadOnlyField label={t('Email')} value={details.email ?? ''} />
          <ReadOnlyField
            label={birr ? tc('Amount (ETB)') : t('Amount (USD)')}
            value={
              details.amount !== undefined && Number.isFinite(Number(details.amount))
                ? money(Number(details.amount))
                : ''
            }
          />
        </div>
        {reservation.data && awaiting && (
          <div className="mt-6">
            <SessionList
              sessions={reservation.data.sessions}
              skipped={reservation.data.skipped}
              timeZone={reservation.data.time_zone}
              heading={t('Sessions this payment covers ({{count}})', {
                count: reservation.data.sessions.filter((x) => x.status === 'held').length,
              })}
              statuses={['held']}
            />
            {credit > 0 && (
              <dl
                className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm text-stone-700"
                data-testid="credit-summary"
              >
                <dt>{t('Credit used')}</dt>
                <dd className="text-right">−{money(credit / 100)}</dd>
                <dt className="font-semibold">{t('To pay')}</dt>
                <dd className="text-right font-semibold">{money(reservation.data.amount_charged)}</dd>
              </dl>
            )}
            {coveredByCredit && (
              <p className="mt-2 text-sm text-stone-700">
                {t('Your credit pays for this booking: nothing is charged to a card.')}
              </p>
            )}
          </div>
        )}
        <div className="mt-6">
          {birr ? (
            <p className="text-sm text-stone-700">
              {tc('You pay on Chapa with telebirr, CBE Birr, M-Pesa or an Ethiopian bank card.')}
            </p>
          ) : coveredByCredit ? null : (
            <SecurityBadges />
          )}
        </div>
        {error && (
          <div className="mt-4">
            <Alert tone="error">{translatePaymentMessage(t, error)}</Alert>
          </div>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <button type="button" className={buttonStyles.secondary} onClick={() => void navigate(-1)}>
            {t(paymentMessages.back)}
          </button>
          <button
            type="button"
            className={buttonStyles.primary}
            onClick={pay}
            disabled={busy || !awaiting}
            aria-busy={busy}
          >
            {busy && (
              <span
                aria-hidden="true"
                className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent motion-reduce:animate-none"
              />
            )}
            {coveredByCredit ? t('Confirm with my credit') : t(paymentMessages.paySecurely)}
          </button>
        </div>
      </div>
    </div>
  );
}
