import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RenewalOffer } from '@tibeb/domain/family/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useCreateRenewal } from '../api/create-renewal.ts';
import { useGetRenewals } from '../api/get-renewals.ts';
import { money, sessionTimes } from './time.ts';

function Offer({ offer, familyZone }: { offer: RenewalOffer; familyZone: string }) {
  const { t } = useTranslation('family');
  const dates = useDates();
  const navigate = useNavigate();
  const renew = useCreateRenewal();
  const planned = offer.sessions.filter((s) => s.status === 'planned').length;
  // In the renewed booking's currency (birr through Chapa) unless it is no longer offered: the notice says so.
  const amount = (cents: number) => money(cents, offer.currency);
  const error = renew.error && (translateAnswer(t, renew.error) ?? t('Please try again.'));
  return (
    <li
      className="rounded-xl border border-accent-400 bg-amber-50 p-4 shadow-sm"
      aria-label={t('Renew {{subject}} with {{tutor}}', { subject: offer.subject, tutor: offer.tutor_name })}
    >
      <p className="font-semibold text-stone-900">
        {t("{{student}}'s {{subject}} with {{tutor}}", {
          student: offer.student_name,
          subject: offer.subject,
          tutor: offer.tutor_name,
        })}
      </p>
      <p className="text-sm text-stone-700">
        {t('Your paid weeks end with the session of {{date}}. Book the next weeks at the same times:', {
          date: dates.format(offer.paid_until, 'date', offer.time_zone),
        })}
      </p>
      {offer.problem ? (
        <Alert tone="info">{t(offer.problem)}</Alert>
      ) : (
        <>
          <ul className="mt-2 space-y-1 text-sm" aria-label={t('Next weeks')}>
            {offer.sessions.map((s) => {
              const when = sessionTimes(s.start, familyZone, offer.time_zone, t, dates);
              return (
                <li key={s.start} className={s.status === 'skipped' ? 'text-stone-500' : 'text-stone-800'}>
                  <span className={s.status === 'skipped' ? 'line-through' : ''}>{when.eat}</span>
                  {when.local && <span className="text-stone-600"> · {when.local}</span>}
                  {s.status === 'skipped' && (
                    <span className="block font-medium text-amber-800">
                      {t('Skipped: {{reason}}', { reason: t(s.reason ?? '') })}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          {offer.currency_notice && (
            <div className="mt-3">
              <Alert tone="info">{t(offer.currency_notice)}</Alert>
            </div>
          )}
          {offer.price_notice && (
            <div className="mt-3">
              <Alert tone="info">{t(offer.price_notice)}</Alert>
            </div>
          )}
          <dl className="mt-3 space-y-1 text-sm">
            <div className="flex justify-between gap-4">
              <dt>{planned === 1 ? t('1 session') : t('{{count}} sessions', { count: planned })}</dt>
              <dd>{amount(offer.amount_cents)}</dd>
            </div>
            {offer.credit_cents > 0 && (
              <div className="flex justify-between gap-4">
                <dt>{t('Your credit, spent first')}</dt>
                <dd>−{amount(offer.credit_cents)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-4 font-semibold">
              <dt>{offer.currency === 'ETB' ? t('To pay in birr with Chapa') : t('To pay by card')}</dt>
              <dd data-testid="renewal-charge">{amount(offer.charge_cents)}</dd>
            </div>
          </dl>
          {error && <Alert tone="error">{error}</Alert>}
          <button
            type="button"
            className={`${buttonStyles.primary} mt-3`}
            disabled={renew.isPending || planned === 0}
            onClick={() =>
              renew.mutate(
                { reservationId: offer.reservation_id, currency: offer.currency },
                {
                  onSuccess: (created) =>
                    void navigate(`/payment?reservation_id=${encodeURIComponent(created.id)}`, {
                      state: {
                        full_name: created.full_name,
                        email: created.email,
                        amount: created.amount,
                        // As the wizard does: the currency only when it is birr (issue 18 §3).
                        ...(created.currency === 'USD' ? {} : { currency: created.currency }),
                        reservation_id: created.id,
                      },
                    }),
                },
              )
            }
          >
            {t('Renew and pay')}
          </button>
        </>
      )}
    </li>
  );
}

/** Renewal (issue 15 item 3): bookings whose paid weeks end within a week, offered their next weeks. */
export function RenewalOffers({ familyZone }: { familyZone: string }) {
  const { t } = useTranslation('family');
  const query = useGetRenewals();
  if (!query.data || query.data.length === 0) return null;
  return (
    <section aria-labelledby="renew-heading">
      <h2 id="renew-heading" className="mb-3 text-lg font-semibold text-stone-900">
        {t('Renew your lessons')}
      </h2>
      <ul className="grid gap-4 xl:grid-cols-2">
        {query.data.map((o) => (
          <Offer key={o.reservation_id} offer={o} familyZone={familyZone} />
        ))}
      </ul>
    </section>
  );
}
