import { formatAmount } from '@tibeb/domain/payments/currency';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useDates } from '../../../lib/dates.ts';
import { useGetReceipt } from '../api/get-receipt.ts';
import { QueryState } from './query-state.tsx';
import { browserZone, sessionTimes } from './time.ts';

/** A printable receipt of one payment (issue 15 item 1): no area chrome, a Print button hidden on paper. */
export function ReceiptPage({ id }: { id: string }) {
  const { t } = useTranslation('family');
  const dates = useDates();
  const query = useGetReceipt(id);
  return (
    <main className="mx-auto max-w-2xl bg-white p-6 text-stone-900 print:p-0">
      <div className="mb-6 flex flex-wrap gap-3 print:hidden">
        <Link to="/student/dashboard" className={buttonStyles.secondary}>
          {t('Back to overview')}
        </Link>
        <button type="button" className={buttonStyles.primary} onClick={() => window.print()}>
          {t('Print')}
        </button>
      </div>
      <QueryState query={query}>
        {(r) => (
          <article aria-labelledby="receipt-title" className="space-y-5">
            <header className="flex flex-wrap items-start justify-between gap-3 border-b border-stone-200 pb-4">
              <div>
                <p className="text-lg font-bold text-brand-800">Tibeb Tutoring</p>
                <h1 id="receipt-title" className="text-2xl font-bold">
                  {t('Receipt {{number}}', { number: r.receipt_number })}
                </h1>
              </div>
              <div className="text-sm text-stone-700 sm:text-right">
                <p>{t('Paid {{date}}', { date: dates.format(r.paid_at ?? r.created_at, 'date') })}</p>
                <p>{r.provider === 'credit' ? t('Paid with credit') : t('Card payment')}</p>
              </div>
            </header>
            <section>
              <h2 className="font-semibold">{t('Billed to')}</h2>
              <p>{r.family.name}</p>
              <p className="break-all text-stone-700">{r.family.email}</p>
            </section>
            <section>
              <h2 className="font-semibold">{t('For')}</h2>
              <p>
                {t('{{subject}} with {{tutor}}, for {{student}}: {{count}} sessions of {{hours}} h', {
                  subject: r.subject,
                  tutor: r.tutor_name,
                  student: r.student_name,
                  count: r.sessions.length,
                  hours: r.duration_minutes / 60,
                })}
              </p>
              <ul className="mt-2 space-y-1 text-sm text-stone-700">
                {r.sessions.map((s) => (
                  <li key={s.starts_at}>
                    {sessionTimes(s.starts_at, browserZone(), r.time_zone, t, dates).eat}
                    {s.status === 'cancelled' && ` ${t('(cancelled)')}`}
                    {s.status === 'cancelled' && s.cancel_reason && (
                      <span className="block break-words text-stone-600 [overflow-wrap:anywhere]">
                        {t('Reason: {{reason}}', { reason: s.cancel_reason })}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </section>
            <dl className="space-y-1 border-t border-stone-200 pt-4">
              <div className="flex justify-between gap-4">
                <dt>{t('Sessions')}</dt>
                <dd>{formatAmount(r.total_cents, r.currency)}</dd>
              </div>
              {r.credit_applied_cents > 0 && (
                <div className="flex justify-between gap-4">
                  <dt>{t('Credit used')}</dt>
                  <dd>−{formatAmount(r.credit_applied_cents, r.currency)}</dd>
                </div>
              )}
              <div className="flex justify-between gap-4 text-lg font-bold">
                <dt>{t('Paid')}</dt>
                <dd>
                  {formatAmount(r.amount_cents, r.currency)}
                  {r.currency === 'USD' ? ' USD' : ''}
                </dd>
              </div>
              {r.refunded_cents > 0 && (
                <div className="flex justify-between gap-4 text-stone-700">
                  <dt>{t('Refunded')}</dt>
                  <dd>{formatAmount(r.refunded_cents, r.currency)}</dd>
                </div>
              )}
            </dl>
          </article>
        )}
      </QueryState>
    </main>
  );
}
