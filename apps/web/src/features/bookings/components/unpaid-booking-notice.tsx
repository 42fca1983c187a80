import type { ReservationSummary } from '@tibeb/domain/bookings/payload';
import { formatAmount } from '@tibeb/domain/payments/currency';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useDates } from '../../../lib/dates.ts';
import { visitorTimeZone } from '../../../lib/visitor-zone.ts';
import { ZonedTime } from './zoned-time.tsx';

/**
 * "You have a booking waiting for payment" (decision 253): each unpaid booking of this family with its tutor,
 * first date and time, and amount, and a link to pay it on the payment page.
 */
export function UnpaidBookingNotice({ reservations }: { reservations: readonly ReservationSummary[] }) {
  const { t } = useTranslation('booking');
  const dates = useDates();
  const [visitorZone] = useState(visitorTimeZone);
  if (reservations.length === 0) return null;
  return (
    <section
      aria-labelledby="unpaid-booking-title"
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id="unpaid-booking-title" className="font-semibold">
        {t('You have a booking waiting for payment')}
      </h2>
      <p>{t('Its times are held for you until the time shown. Pay for it, or book new times below.')}</p>
      <ul className="space-y-3">
        {reservations.map((r) => {
          const first = r.sessions[0];
          return (
            <li
              key={r.id}
              className="flex flex-col gap-2 rounded-lg bg-white p-3 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 break-words">
                <p className="font-semibold">
                  {r.tutor.full_name} · {r.subject}
                </p>
                {first && (
                  <p>
                    {t('{{n}} sessions from {{date}}', {
                      n: r.sessions.length,
                      date: dates.format(first.date, 'dayShort'),
                    })}{' '}
                    ·{' '}
                    <ZonedTime
                      date={first.date}
                      time={first.time}
                      timeZone={r.time_zone}
                      visitorZone={visitorZone}
                    />
                  </p>
                )}
                <p>
                  {t('Amount: {{amount}}', { amount: formatAmount(r.amount_cents, r.currency) })} ·{' '}
                  {t('held until {{time}}', { time: dates.format(r.hold_expires_at, 'dayTime') })}
                </p>
              </div>
              <Link
                to={`/payment?reservation_id=${encodeURIComponent(r.id)}`}
                className={`${buttonStyles.primary} shrink-0`}
              >
                {t('Pay for this booking')}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
