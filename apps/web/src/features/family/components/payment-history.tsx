import { useTranslation } from 'react-i18next';
import { formatAmount } from '@tibeb/domain/payments/currency';
import { Link } from 'react-router';
import { useDates } from '../../../lib/dates.ts';
import { useGetPayments } from '../api/get-payments.ts';
import { paymentStatusLabels } from '../utils/translate.ts';
import { QueryState } from './query-state.tsx';

/** The family's payments with a receipt each (cards, so nothing overflows on a phone). */
export function PaymentHistory() {
  const { t } = useTranslation('family');
  const dates = useDates();
  const query = useGetPayments();
  return (
    <section aria-labelledby="payments-heading">
      <h2 id="payments-heading" className="mb-3 text-lg font-semibold text-stone-900">
        {t('Payments')}
      </h2>
      <QueryState query={query}>
        {(payments) =>
          payments.length === 0 ? (
            <p className="text-stone-600">{t('No payments yet.')}</p>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {payments.map((p) => (
                <li key={p.id} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="font-semibold text-stone-900">{formatAmount(p.amount_cents, p.currency)}</p>
                    <span className="text-sm text-stone-600">
                      {paymentStatusLabels[p.status] ? t(paymentStatusLabels[p.status]!) : p.status}
                    </span>
                  </div>
                  <p className="text-sm text-stone-700">
                    {t('{{subject}} with {{tutor}}', { subject: p.subject, tutor: p.tutor_name })} ·{' '}
                    {p.student_name}
                  </p>
                  <p className="text-sm text-stone-600">
                    {dates.format(p.paid_at ?? p.created_at, 'date')} · {p.receipt_number}
                    {p.refunded_cents > 0 &&
                      ` · ${t('{{amount}} refunded', { amount: formatAmount(p.refunded_cents, p.currency) })}`}
                  </p>
                  {p.refunds.length > 0 && (
                    <ul className="mt-2 space-y-1 text-sm text-stone-700" aria-label={t('Refunds')}>
                      {p.refunds.map((r) => (
                        <li
                          key={r.created_at + r.amount_cents}
                          className="break-words [overflow-wrap:anywhere]"
                        >
                          {t('{{amount}} refunded on {{date}}', {
                            amount: formatAmount(r.amount_cents, p.currency),
                            date: dates.format(r.created_at, 'dateTime', 'Africa/Addis_Ababa') + ' EAT',
                          })}
                          {r.status === 'pending' && ` (${t('on its way')})`}
                          {r.reason && (
                            <span className="block text-stone-600">
                              {t('Reason: {{reason}}', { reason: r.reason })}
                            </span>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                  <Link
                    to={`/student/receipts/${p.id}`}
                    className="mt-2 inline-block font-medium text-brand-700 underline hover:text-brand-800"
                  >
                    {t('Receipt {{number}}', { number: p.receipt_number })}
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
