import type { BookingFormValues } from '@tibeb/domain/bookings/form';
import type { ReservationPreview } from '@tibeb/domain/bookings/lifecycle';
import { bookingMessages, weekdayCodes, weekdayNames } from '@tibeb/domain/bookings/messages';
import { planOccurrences } from '@tibeb/domain/bookings/plan';
import { formatUsd } from '@tibeb/domain/shared/money';
import { formatAmount } from '@tibeb/domain/payments/currency';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateBookingMessage } from '../utils/translate.ts';
import { useDates } from '../../../lib/dates.ts';
import type { Problem } from '../../../lib/translate-message.ts';
import { costHint } from './cost-line.tsx';
import { zoneLabel } from '../../../lib/visitor-zone.ts';
import { ZonedTime } from './zoned-time.tsx';

/** A summary card; its title and row labels come translated. */
function Summary({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  const { t } = useTranslation('booking');
  const shown = rows.filter(([, v]) => v !== '' && v !== null && v !== undefined);
  return (
    <section className="rounded-xl border border-stone-200 p-4">
      <h3 className="mb-2 font-semibold text-brand-800">{title}</h3>
      {shown.length === 0 ? (
        <p className="text-sm text-stone-500">{t('None')}</p>
      ) : (
        <dl className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          {shown.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-stone-500">{k}</dt>
              <dd className="break-words text-stone-900">{v}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

const commsLabels = { '': '', email: 'Email', phone: 'Phone', whatsapp: 'WhatsApp' } as const;

type Props = {
  values: BookingFormValues;
  subjectName: string;
  tutorName: string | null;
  durationHours: number;
  rateDollars: number | null;
  costCents: number | null;
  timeZone: string;
  visitorZone: string;
  /** The server's plan (POST /api/reservations/preview/): what will be booked and charged. */
  preview?: { data: ReservationPreview | undefined; isFetching: boolean; problems: Problem[] };
  /** Dollars or birr, where both are offered (issue 18 §3): shown above the amount to pay. */
  currencyChoice?: ReactNode;
};

/** Step 3 (spec §2): read-only summaries, every planned date and time (DESIGN §1.4), the estimated cost. */
export function ConfirmationStep({
  values: v,
  subjectName,
  tutorName,
  durationHours,
  rateDollars,
  costCents,
  timeZone,
  visitorZone,
  preview,
  currencyChoice,
}: Props) {
  const { t } = useTranslation('booking');
  const dates = useDates();
  const days = weekdayCodes.filter((d) => v.days.includes(d));
  const local = v.date ? planOccurrences({ date: v.date, days, daysTimes: v.days_times }) : [];
  const served = preview?.data;
  const plan = served
    ? served.sessions.filter((s) => s.status === 'planned')
    : local.map((o) => ({ date: o.date, time: o.time }));
  const skipped = served ? served.sessions.filter((s) => s.status === 'skipped') : [];
  // The rate of the currency the server priced in (birr from the subject's ETB rate, issue 18 §3).
  const servedOption = served?.currency_options.find((o) => o.currency === served.currency);
  const servedRate = served
    ? formatAmount(servedOption?.hourly_rate_cents ?? Math.round((rateDollars ?? 0) * 100), served.currency)
    : '';
  const zone = served?.time_zone ?? timeZone;
  const address = [v.address_line1, v.address_line2, v.city, v.state, v.postal_code, v.country]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <Summary
          title={t('Parent / guardian')}
          rows={[
            [t('Name'), v.full_name],
            [t('Email'), v.email],
            [t('Phone'), v.phone],
            [t('Relationship'), v.guardian_relationship && t(v.guardian_relationship)],
            [t('Contact by'), commsLabels[v.comms_preference] && t(commsLabels[v.comms_preference])],
          ]}
        />
        <Summary title={t('Address')} rows={[[t('Address'), address]]} />
        <Summary
          title={t('Secondary contact')}
          rows={[
            [t('Name'), v.secondary_contact_name],
            [t('Email'), v.secondary_contact_email],
            [t('Phone'), v.secondary_contact_phone],
          ]}
        />
        <Summary
          title={t('Payer')}
          rows={
            v.use_different_payer
              ? [
                  [t('Name'), v.payment_owner_name],
                  [t('Email'), v.payment_owner_email],
                ]
              : [[t('Paid by'), t('The parent/guardian above')]]
          }
        />
        <Summary
          title={t('Student')}
          rows={[
            [t('Name'), v.student_name],
            [t('Grade'), v.grade_level && t(v.grade_level)],
            [t('Age'), String(v.student_age ?? '')],
            [t('Date of birth'), v.student_dob],
            [t('School'), v.student_school],
            [t('Email'), v.student_email],
            [t('Phone'), v.student_phone],
          ]}
        />
        <Summary
          title={t('Schedule')}
          rows={[
            [t('Subject'), [subjectName, v.subject_level].filter(Boolean).join(' · ')],
            [t('Tutor'), tutorName ?? t('The best-rated tutor of the subject who is free at every session')],
            [t('First session'), v.date ? dates.format(v.date, 'dayLong') : ''],
            [
              t('Duration'),
              durationHours === 1 ? t('1 hour') : t('{{hours}} hours', { hours: durationHours }),
            ],
            [
              t('Every week'),
              days
                .map(
                  (d) =>
                    `${t(weekdayNames[d])} ${v.days_times[d] ? `${v.days_times[d]} ${zoneLabel(timeZone)}` : '—'}`,
                )
                .join(', '),
            ],
          ]}
        />
      </div>

      <section className="rounded-xl border border-stone-200 p-4">
        <h3 className="mb-2 font-semibold text-brand-800">{t('Planned sessions (first 4 weeks)')}</h3>
        {preview?.isFetching && !served && (
          <p className="mb-2 text-sm text-stone-600" role="status">
            {t("Checking the tutor's calendar…")}
          </p>
        )}
        {preview && preview.problems.length > 0 && (
          <p className="mb-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" aria-live="polite">
            {preview.problems.map((p) => translateBookingMessage(t, p)).join(' ')}
          </p>
        )}
        {plan.length === 0 ? (
          <p className="text-sm text-stone-500">{t('No sessions planned yet.')}</p>
        ) : (
          <ol className="divide-y divide-stone-100 text-sm" aria-label={t('Planned sessions')}>
            {plan.map((o) => (
              <li key={`${o.date}-${o.time}`} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                <span className="text-stone-700">{dates.format(o.date, 'dayShort')}</span>
                <ZonedTime date={o.date} time={o.time} timeZone={zone} visitorZone={visitorZone} />
              </li>
            ))}
          </ol>
        )}
        {skipped.length > 0 && (
          <>
            <h4 className="mt-3 mb-1 text-sm font-semibold text-amber-800">
              {t('Not booked ({{count}}): these times are not available', { count: skipped.length })}
            </h4>
            <ul
              className="space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
              aria-label={t('Skipped sessions')}
            >
              {skipped.map((o) => (
                <li key={`${o.date}-${o.time}`} className="flex flex-wrap justify-between gap-x-3">
                  <span>
                    <s>{dates.format(o.date, 'dayShort')}</s>{' '}
                    <ZonedTime date={o.date} time={o.time} timeZone={zone} visitorZone={visitorZone} />
                  </span>
                  <span>{translateBookingMessage(t, o.reason ?? 'Not available.')}</span>
                </li>
              ))}
            </ul>
          </>
        )}
        <p className="mt-3 text-xs text-stone-600">{t(bookingMessages.skippedNote)}</p>
      </section>

      <section
        className="rounded-xl bg-brand-50 p-4"
        aria-label={served ? t('Amount to pay') : t('Estimated monthly cost')}
      >
        {currencyChoice}
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="font-semibold text-brand-800">
            {served ? t('Amount to pay') : t(bookingMessages.estimatedMonthlyCost)}
          </h3>
          <span className="text-2xl font-bold text-brand-800" data-testid="confirm-cost">
            {served
              ? formatAmount(served.amount_cents, served.currency)
              : costCents === null
                ? t(bookingMessages.calculatedAtCheckout)
                : formatUsd(costCents)}
          </span>
        </div>
        {served && rateDollars !== null && (
          <p className="mt-1 text-sm text-stone-700">
            {plan.length === 1
              ? t('{{rate}}/hr × {{hours}} h × 1 session', {
                  rate: servedRate,
                  hours: durationHours,
                })
              : t('{{rate}}/hr × {{hours}} h × {{count}} sessions', {
                  rate: servedRate,
                  hours: durationHours,
                  count: plan.length,
                })}
            {skipped.length > 0 && (
              <span className="text-stone-500">
                {' '}
                {t('({{count}} not available, not charged)', { count: skipped.length })}
              </span>
            )}
          </p>
        )}
        {served?.credit && served.credit.applied_cents > 0 && (
          <dl className="mt-3 space-y-1 border-t border-brand-100 pt-3 text-sm" data-testid="confirm-credit">
            <div className="flex flex-wrap justify-between gap-2">
              <dt className="text-stone-700">{t('Credit used')}</dt>
              <dd className="font-semibold text-brand-800">
                −{formatAmount(served.credit.applied_cents, served.currency)}
              </dd>
            </div>
            <div className="flex flex-wrap justify-between gap-2">
              <dt className="text-stone-700">{t('To pay')}</dt>
              <dd className="font-semibold text-brand-800">
                {formatAmount(served.credit.to_pay_cents, served.currency)}
              </dd>
            </div>
            {served.credit.to_pay_cents === 0 && (
              <p className="text-stone-700">
                {t('Your credit pays for this booking: nothing is charged to a card.')}
              </p>
            )}
          </dl>
        )}
        {!served && costCents !== null && rateDollars !== null && (
          <p className="mt-1 text-sm text-stone-700">
            {days.length > 1
              ? t('{{rate}}/hr × {{hours}} h × {{days}} days × 4 weeks', {
                  rate: formatUsd(Math.round(rateDollars * 100)),
                  hours: durationHours,
                  days: days.length,
                })
              : t('{{rate}}/hr × {{hours}} h × 1 day × 4 weeks', {
                  rate: formatUsd(Math.round(rateDollars * 100)),
                  hours: durationHours,
                })}{' '}
            <span className="text-stone-500">({costHint(days.length, t)})</span>
          </p>
        )}
      </section>
    </div>
  );
}
