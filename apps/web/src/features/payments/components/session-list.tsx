import { paidActiveSessionStatuses } from '@tibeb/domain/bookings/statuses';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReservationSession, SkippedSession } from '@tibeb/domain/payments/contracts';
import { formatDay, wallClock, zoneLabel } from '@tibeb/domain/payments/session-times';
import type { DateSettings } from '@tibeb/domain/dates/format';
import { useDates } from '../../../lib/dates.ts';
import { browserZone } from '../../../lib/session-times.ts';
import type { Translate } from '../../../lib/translate-message.ts';
import { translatePaymentMessage } from '../utils/translate.ts';

/** The visitor's own time when it reads differently from the tutor's (DESIGN §1.7). */
function localText(
  instant: string,
  timeZone: string,
  zone: string,
  t: Translate,
  dates: DateSettings,
): string | null {
  const tutor = wallClock(instant, timeZone);
  const local = wallClock(instant, zone);
  if (tutor.date === local.date && tutor.time === local.time) return null;
  const day = local.date === tutor.date ? '' : `${formatDay(instant, zone, dates)}, `;
  return t('{{when}} your time', { when: `${day}${local.time}` });
}

/**
 * The sessions of a reservation (the payment page lists the held ones it pays for, the success page the booked
 * ones), with the skipped dates and why.
 */
export function SessionList({
  sessions,
  skipped,
  timeZone,
  heading,
  statuses = paidActiveSessionStatuses,
}: {
  sessions: ReservationSession[];
  skipped: SkippedSession[];
  timeZone: string;
  /** Translated by the caller; 'Your booked sessions' when none is given. */
  heading?: string;
  statuses?: readonly string[];
}) {
  const { t } = useTranslation('payments');
  const dates = useDates();
  const zone = browserZone();
  const headingId = useId();
  const skippedId = useId();
  const booked = sessions.filter((s) => statuses.includes(s.status));
  return (
    <div className="space-y-4 text-left">
      {booked.length > 0 && (
        <section aria-labelledby={headingId}>
          <h2 id={headingId} className="mb-2 font-semibold text-brand-800">
            {heading ?? t('Your booked sessions')}
          </h2>
          <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
            {booked.map((s) => {
              const end = wallClock(s.ends_at, timeZone).time;
              const local = localText(s.starts_at, timeZone, zone, t, dates);
              return (
                <li key={s.id} className="px-4 py-3">
                  <span className="font-medium">{formatDay(s.starts_at, timeZone, dates)}</span>,{' '}
                  <span>
                    {s.time}–{end} {zoneLabel(timeZone)}
                  </span>
                  {local && <span className="block text-sm text-stone-600">{local}</span>}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {skipped.length > 0 && (
        <section aria-labelledby={skippedId}>
          <h2 id={skippedId} className="mb-2 font-semibold text-amber-800">
            {t('Skipped automatically')}
          </h2>
          <ul className="space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {skipped.map((s) => (
              <li key={`${s.date}-${s.time}`}>
                {dates.format(s.date, 'isoDay')} {s.time} {zoneLabel(timeZone)}:{' '}
                {translatePaymentMessage(t, s.reason)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
