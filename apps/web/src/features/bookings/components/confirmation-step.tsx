import type { BookingFormValues } from '@tibeb/domain/bookings/form';
import type { ReservationPreview } from '@tibeb/domain/bookings/lifecycle';
import { bookingMessages, weekdayCodes, weekdayNames } from '@tibeb/domain/bookings/messages';
import { planOccurrences } from '@tibeb/domain/bookings/plan';
import { formatUsd } from '@tibeb/domain/shared/money';
import type { ReactNode } from 'react';
import { longDate, shortDate } from '../utils/calendar.ts';
import { costHint } from './cost-line.tsx';
import { zoneLabel } from '../utils/zone.ts';
import { ZonedTime } from './zoned-time.tsx';

function Summary({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  const shown = rows.filter(([, v]) => v !== '' && v !== null && v !== undefined);
  return (
    <section className="rounded-xl border border-stone-200 p-4">
      <h3 className="mb-2 font-semibold text-brand-800">{title}</h3>
      {shown.length === 0 ? (
        <p className="text-sm text-stone-500">None</p>
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
  preview?: { data: ReservationPreview | undefined; isFetching: boolean; errorText: string | null };
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
}: Props) {
  const days = weekdayCodes.filter((d) => v.days.includes(d));
  const local = v.date ? planOccurrences({ date: v.date, days, daysTimes: v.days_times }) : [];
  const served = preview?.data;
  const plan = served
    ? served.sessions.filter((s) => s.status === 'planned')
    : local.map((o) => ({ date: o.date, time: o.time }));
  const skipped = served ? served.sessions.filter((s) => s.status === 'skipped') : [];
  const zone = served?.time_zone ?? timeZone;
  const address = [v.address_line1, v.address_line2, v.city, v.state, v.postal_code, v.country]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <Summary
          title="Parent / guardian"
          rows={[
            ['Name', v.full_name],
            ['Email', v.email],
            ['Phone', v.phone],
            ['Relationship', v.guardian_relationship],
            ['Contact by', commsLabels[v.comms_preference]],
          ]}
        />
        <Summary title="Address" rows={[['Address', address]]} />
        <Summary
          title="Secondary contact"
          rows={[
            ['Name', v.secondary_contact_name],
            ['Email', v.secondary_contact_email],
            ['Phone', v.secondary_contact_phone],
          ]}
        />
        <Summary
          title="Payer"
          rows={
            v.use_different_payer
              ? [
                  ['Name', v.payment_owner_name],
                  ['Email', v.payment_owner_email],
                ]
              : [['Paid by', 'The parent/guardian above']]
          }
        />
        <Summary
          title="Student"
          rows={[
            ['Name', v.student_name],
            ['Grade', v.grade_level],
            ['Age', String(v.student_age ?? '')],
            ['Date of birth', v.student_dob],
            ['School', v.student_school],
            ['Email', v.student_email],
            ['Phone', v.student_phone],
          ]}
        />
        <Summary
          title="Schedule"
          rows={[
            ['Subject', [subjectName, v.subject_level].filter(Boolean).join(' · ')],
            ['Tutor', tutorName ?? 'The best-rated tutor of the subject who is free at every session'],
            ['First session', v.date ? longDate(v.date) : ''],
            ['Duration', `${durationHours} hour${durationHours === 1 ? '' : 's'}`],
            [
              'Every week',
              days
                .map(
                  (d) =>
                    `${weekdayNames[d]} ${v.days_times[d] ? `${v.days_times[d]} ${zoneLabel(timeZone)}` : '—'}`,
                )
                .join(', '),
            ],
          ]}
        />
      </div>

      <section className="rounded-xl border border-stone-200 p-4">
        <h3 className="mb-2 font-semibold text-brand-800">Planned sessions (first 4 weeks)</h3>
        {preview?.isFetching && !served && (
          <p className="mb-2 text-sm text-stone-600" role="status">
            Checking the tutor&apos;s calendar…
          </p>
        )}
        {preview?.errorText && (
          <p className="mb-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" aria-live="polite">
            {preview.errorText}
          </p>
        )}
        {plan.length === 0 ? (
          <p className="text-sm text-stone-500">No sessions planned yet.</p>
        ) : (
          <ol className="divide-y divide-stone-100 text-sm" aria-label="Planned sessions">
            {plan.map((o) => (
              <li key={`${o.date}-${o.time}`} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                <span className="text-stone-700">{shortDate(o.date)}</span>
                <ZonedTime date={o.date} time={o.time} timeZone={zone} visitorZone={visitorZone} />
              </li>
            ))}
          </ol>
        )}
        {skipped.length > 0 && (
          <>
            <h4 className="mt-3 mb-1 text-sm font-semibold text-amber-800">
              Not booked ({skipped.length}): these times are not available
            </h4>
            <ul
              className="space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
              aria-label="Skipped sessions"
            >
              {skipped.map((o) => (
                <li key={`${o.date}-${o.time}`} className="flex flex-wrap justify-between gap-x-3">
                  <span>
                    <s>{shortDate(o.date)}</s>{' '}
                    <ZonedTime date={o.date} time={o.time} timeZone={zone} visitorZone={visitorZone} />
                  </span>
                  <span>{o.reason ?? 'Not available.'}</span>
                </li>
              ))}
            </ul>
          </>
        )}
        <p className="mt-3 text-xs text-stone-600">{bookingMessages.skippedNote}</p>
      </section>

      <section
        className="rounded-xl bg-brand-50 p-4"
        aria-label={served ? 'Amount to pay' : 'Estimated monthly cost'}
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="font-semibold text-brand-800">
            {served ? 'Amount to pay' : bookingMessages.estimatedMonthlyCost}
          </h3>
          <span className="text-2xl font-bold text-brand-800" data-testid="confirm-cost">
            {served
              ? formatUsd(served.amount_cents)
              : costCents === null
                ? bookingMessages.calculatedAtCheckout
                : formatUsd(costCents)}
          </span>
        </div>
        {served && rateDollars !== null && (
          <p className="mt-1 text-sm text-stone-700">
            {formatUsd(Math.round(rateDollars * 100))}/hr × {durationHours} h × {plan.length} session
            {plan.length === 1 ? '' : 's'}
            {skipped.length > 0 && (
              <span className="text-stone-500"> ({skipped.length} not available, not charged)</span>
            )}
          </p>
        )}
        {!served && costCents !== null && rateDollars !== null && (
          <p className="mt-1 text-sm text-stone-700">
            {formatUsd(Math.round(rateDollars * 100))}/hr × {durationHours} h × {Math.max(1, days.length)} day
            {days.length > 1 ? 's' : ''} × 4 weeks{' '}
            <span className="text-stone-500">({costHint(days.length)})</span>
          </p>
        )}
      </section>
    </div>
  );
}
