import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminReservationDetail } from '@tibeb/domain/admin-reservations/contract';
import { SUBSTITUTION_REASON_MAX, type SubstitutionOffer } from '@tibeb/domain/bookings/substitution';
import { formatAmount } from '@tibeb/domain/payments/currency';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { FieldErrorText } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import {
  useLatestSubstitution,
  useOfferSubstitute,
  useSubstitutes,
  useWithdrawSubstitution,
} from '../api/substitution.ts';

// i18n-namespace: admin

/** "$20.00 more", "$20.00 less", "same price" for the family. */
function useDifference() {
  const { t } = useTranslation('admin');
  return (cents: number, currency: string) =>
    cents > 0
      ? t('{{amount}} more', { amount: formatAmount(cents, currency) })
      : cents < 0
        ? t('{{amount}} less', { amount: formatAmount(-cents, currency) })
        : t('same price');
}

function OfferStatus({ offer }: { offer: SubstitutionOffer }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const difference = useDifference();
  const withdraw = useWithdrawSubstitution();
  const when = (iso: string) => `${dates.format(iso, 'dayTime', 'Africa/Addis_Ababa')} EAT`;
  const status = {
    pending: t('Waiting for the family until {{time}}.', { time: when(offer.expires_at) }),
    accepted: t('Accepted by the family.'),
    declined: t('Declined by the family.'),
    withdrawn: t('Withdrawn.'),
    expired: t('Not answered in time.'),
  }[offer.status];
  return (
    <div className="space-y-2 text-sm">
      <p className="break-words [overflow-wrap:anywhere]">
        {t('Offered {{tutor}} for {{count}} lessons ({{difference}}).', {
          tutor: offer.to_tutor.full_name,
          count: offer.lessons.length,
          difference: difference(offer.price_difference_cents, offer.currency),
        })}{' '}
        <strong>{status}</strong>
      </p>
      <p className="break-words text-stone-600 [overflow-wrap:anywhere]">
        {t('Reason: {{reason}}', { reason: offer.reason })}
      </p>
      {offer.status === 'pending' && (
        <>
          {withdraw.isError && (
            <Alert tone="error">{translateAnswer(t, withdraw.error) ?? t('Something went wrong.')}</Alert>
          )}
          <button
            type="button"
            className={`${buttonStyles.secondary} px-3 py-1.5`}
            disabled={withdraw.isPending}
            onClick={() => withdraw.mutate(offer.id)}
          >
            {t('Withdraw the offer')}
          </button>
        </>
      )}
    </div>
  );
}

/** The subject's tutors free at every lesson to come; one is chosen and offered to the family with a reason. */
function OfferForm({ detail, onSent }: { detail: AdminReservationDetail; onSent: () => void }) {
  const { t } = useTranslation('admin');
  const difference = useDifference();
  const id = useId();
  const candidates = useSubstitutes(detail.reservation.id, true);
  const offer = useOfferSubstitute(detail.reservation.id);
  const [tutorId, setTutorId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  if (candidates.isPending) return <Spinner label={t('Looking for free tutors…')} />;
  if (candidates.isError)
    return <Alert tone="error">{translateAnswer(t, candidates.error) ?? t('Something went wrong.')}</Alert>;
  const { tutors, lessons, currency } = candidates.data;
  if (lessons.length === 0) return <p className="text-sm">{t('No lessons to come can move.')}</p>;
  if (tutors.length === 0)
    return (
      <p className="text-sm">
        {t('No other tutor of the subject is free at all {{count}} lessons to come.', {
          count: lessons.length,
        })}
      </p>
    );
  const reasonError = offer.isError ? (translateAnswer(t, offer.error, 'reason') ?? undefined) : undefined;
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (tutorId !== null) offer.mutate({ tutor_id: tutorId, reason }, { onSuccess: onSent });
      }}
    >
      <fieldset>
        <legend className="mb-1 text-sm font-medium">
          {t('Free at all {{count}} lessons to come', { count: lessons.length })}
        </legend>
        <ul className="space-y-1">
          {tutors.map((c) => (
            <li key={c.id}>
              <label className="flex items-start gap-2 text-sm break-words [overflow-wrap:anywhere]">
                <input
                  type="radio"
                  name={`${id}-tutor`}
                  className="mt-1"
                  checked={tutorId === c.id}
                  onChange={() => setTutorId(c.id)}
                />
                <span>
                  {c.full_name} · {t('{{rate}}/h', { rate: formatAmount(c.hourly_rate_cents, currency) })} ·{' '}
                  {difference(c.price_difference_cents, currency)}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div>
        <label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-medium">
          {t('Reason the family reads')}
        </label>
        <textarea
          id={`${id}-reason`}
          className={inputStyles}
          rows={3}
          maxLength={SUBSTITUTION_REASON_MAX}
          required
          aria-describedby={reasonError ? `${id}-reason-error` : undefined}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <FieldErrorText id={`${id}-reason-error`}>{reasonError}</FieldErrorText>
      </div>
      {offer.isError && !reasonError && (
        <Alert tone="error">{translateAnswer(t, offer.error) ?? t('Something went wrong.')}</Alert>
      )}
      <button type="submit" className={buttonStyles.primary} disabled={tutorId === null || offer.isPending}>
        {offer.isPending ? t('Sending…') : t('Send the offer to the family')}
      </button>
    </form>
  );
}

/**
 * Another tutor for the rest of the series (issue 30 item 4): the newest offer and its answer, or the tutors who
 * could take the lessons to come. The family accepts or declines by the e-mailed link.
 */
export function SubstitutePanel({ detail }: { detail: AdminReservationDetail }) {
  const { t } = useTranslation('admin');
  const latest = useLatestSubstitution(detail.reservation.id);
  const [choosing, setChoosing] = useState(false);
  const [sent, setSent] = useState(false);
  const offer = latest.data ?? null;
  const canOffer = detail.reservation.status === 'confirmed' && offer?.status !== 'pending';
  return (
    <section
      aria-labelledby="substitute-title"
      className="min-w-0 space-y-3 rounded-xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <h2 id="substitute-title" className="font-semibold text-stone-900">
        {t('Another tutor for the rest of the series')}
      </h2>
      <p className="text-sm text-stone-600">
        {t(
          'When the tutor cannot go on, offer the lessons to come to a tutor of the subject who is free at all of them. The family accepts or declines by e-mail; the price difference is paid or credited.',
        )}
      </p>
      {sent && <Alert tone="success">{t('The offer was sent to the family.')}</Alert>}
      {latest.isPending ? <Spinner label={t('Loading...')} /> : offer && <OfferStatus offer={offer} />}
      {canOffer &&
        (choosing ? (
          <OfferForm
            detail={detail}
            onSent={() => {
              setChoosing(false);
              setSent(true);
            }}
          />
        ) : (
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => {
              setSent(false);
              setChoosing(true);
            }}
          >
            {t('Find another tutor')}
          </button>
        ))}
    </section>
  );
}
