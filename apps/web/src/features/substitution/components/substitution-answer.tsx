import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubstitutionAnswer, SubstitutionOffer } from '@tibeb/domain/bookings/substitution';
import { formatAmount } from '@tibeb/domain/payments/currency';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { browserZone, sessionTimes } from '../../../lib/session-times.ts';
import { useAnswerSubstitution, useSubstitutionOffer } from '../api/substitution.ts';

// i18n-namespace: booking

function Outcome({ answer, offer }: { answer: SubstitutionAnswer; offer: SubstitutionOffer }) {
  const { t } = useTranslation('booking');
  if (answer.status === 'declined')
    return <Alert tone="info">{t('Thank you. Nothing changes; the office will contact you.')}</Alert>;
  if (answer.payment_path)
    return (
      <div className="space-y-3">
        <Alert tone="success">
          {t('The times are held with {{tutor}}. {{amount}} is left to pay to keep them.', {
            tutor: offer.to_tutor.full_name,
            amount: formatAmount(answer.amount_due_cents, answer.currency),
          })}
        </Alert>
        <Link to={answer.payment_path} className={buttonStyles.primary}>
          {t('Pay {{amount}}', { amount: formatAmount(answer.amount_due_cents, answer.currency) })}
        </Link>
      </div>
    );
  return (
    <Alert tone="success">
      {t('Done: the lessons are now with {{tutor}}, paid by their value with the previous tutor.', {
        tutor: offer.to_tutor.full_name,
      })}
    </Alert>
  );
}

/**
 * The family's answer to the office's offer of a new tutor (issue 30 item 4), opened from the e-mailed link: who
 * leaves and who takes over, the lessons in EAT and the family's own time, what it costs, and Accept / Decline.
 */
export function SubstitutionAnswerView({ token }: { token: string }) {
  const { t } = useTranslation('booking');
  const dates = useDates();
  const query = useSubstitutionOffer(token);
  const answer = useAnswerSubstitution(token);
  if (query.isPending) return <Spinner label={t('Loading...')} />;
  if (query.isError)
    return <Alert tone="error">{translateAnswer(t, query.error) ?? t('Something went wrong.')}</Alert>;
  const offer = query.data;
  const zone = offer.family_time_zone || browserZone();
  const diff = offer.price_difference_cents;
  const amount = (cents: number) => formatAmount(cents, offer.currency);
  const closed = {
    accepted: t('You accepted this change.'),
    declined: t('You declined this change.'),
    withdrawn: t('The office withdrew this offer. Nothing changed.'),
    expired: t('This offer has expired. Nothing changed; the office will contact you.'),
    pending: '',
  }[offer.status];
  return (
    <div className="min-w-0 space-y-5 break-words [overflow-wrap:anywhere]">
      <p>
        {t(
          '{{from}} can no longer teach {{student}}. The office offers {{to}}, who teaches {{subject}} and is free at every lesson below.',
          {
            from: offer.from_tutor.full_name,
            student: offer.student_name,
            to: offer.to_tutor.full_name,
            subject: offer.subject,
          },
        )}
      </p>
      <p className="text-stone-700">{t('Reason given: {{reason}}', { reason: offer.reason })}</p>
      <p>
        <Link to={offer.to_tutor.path} className="text-brand-700 underline">
          {t('See the profile of {{tutor}}', { tutor: offer.to_tutor.full_name })}
        </Link>
      </p>
      <section aria-labelledby="lessons-title">
        <h2 id="lessons-title" className="mb-2 font-semibold text-stone-900">
          {t('Lessons that would move')}
        </h2>
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {offer.lessons.map((l) => {
            const times = sessionTimes(l.starts_at, zone, 'Africa/Addis_Ababa', t, dates);
            return (
              <li key={l.starts_at} className="px-4 py-2 text-sm">
                <span className="font-medium">{times.eat}</span>
                {times.local && <span className="block text-stone-600">{times.local}</span>}
              </li>
            );
          })}
        </ul>
      </section>
      <p className="font-medium">
        {diff > 0
          ? t('With {{tutor}} these lessons cost {{amount}} more ({{total}} instead of {{current}}).', {
              tutor: offer.to_tutor.full_name,
              amount: amount(diff),
              total: amount(offer.new_price_cents),
              current: amount(offer.current_value_cents),
            })
          : diff < 0
            ? t('With {{tutor}} these lessons cost {{amount}} less: the difference stays yours as credit.', {
                tutor: offer.to_tutor.full_name,
                amount: amount(-diff),
              })
            : t('The price stays the same.')}
      </p>
      {answer.data ? (
        <Outcome answer={answer.data} offer={offer} />
      ) : closed ? (
        <Alert tone="info">{closed}</Alert>
      ) : (
        <>
          {answer.isError && (
            <Alert tone="error">{translateAnswer(t, answer.error) ?? t('Something went wrong.')}</Alert>
          )}
          <p className="text-sm text-stone-600">
            {t('Please answer by {{time}}. If you decline or do not answer, nothing changes.', {
              time: `${dates.format(offer.expires_at, 'dayTime', zone)}`,
            })}
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className={buttonStyles.primary}
              disabled={answer.isPending}
              onClick={() => answer.mutate({ kind: 'accept', priceDifferenceCents: diff })}
            >
              {t('Accept {{tutor}}', { tutor: offer.to_tutor.full_name })}
            </button>
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={answer.isPending}
              onClick={() => answer.mutate({ kind: 'decline' })}
            >
              {t('Decline')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
