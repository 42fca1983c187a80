import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminReservationDetail } from '@tibeb/domain/admin-reservations/contract';
import { useDates } from '../../../lib/dates.ts';
import { cancelOutcome, historyLabels, weekday } from '../utils/labels.ts';
import { formatAmount } from '@tibeb/domain/payments/currency';
import { eatDateTime, longDate, money } from './format.ts';
import { StatusBadge } from './status-badge.tsx';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
      <h2 className="mb-2 font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-stone-600">{k}</dt>
          <dd className="break-words text-stone-900">{v || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

const historyLabel = (action: string) => action.replace(/[._]/g, ' ');

/** One reservation in full: family, student, plan, every session, payments, credit and history. */
export function ReservationDetails({ detail }: { detail: AdminReservationDetail }) {
  const { t } = useTranslation('admin');
  // The wizard's relationship choices are translated in 'booking'; free text stays as typed.
  const { t: tb } = useTranslation('booking');
  const { reservation: r, family, student } = detail;
  const dates = useDates();
  const history = historyLabels(t);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-3">
        <Card title={t('Family')}>
          <Facts
            rows={[
              [t('Name'), family.name],
              [t('E-mail'), family.email],
              [t('Phone'), family.phone],
              [t('Relationship'), tb(family.relationship)],
              [t('Account'), family.account_user_id ? t('Yes') : t('Not yet')],
              [t('Credit'), formatAmount(family.credit_balance_cents, r.currency)],
            ]}
          />
        </Card>
        <Card title={t('Student')}>
          <Facts
            rows={[
              [t('Name'), student.name],
              [t('Grade'), tb(student.grade)],
              [t('Age'), student.age === null ? '' : String(student.age)],
              [t('School'), student.school],
              [t('E-mail'), student.email],
            ]}
          />
        </Card>
        <Card title={t('Plan')}>
          <Facts
            rows={[
              [t('Status'), <StatusBadge key="s" status={r.status} />],
              [t('Tutor'), r.tutor_name],
              [t('Subject'), r.subject],
              [t('First'), `${longDate(r.date, dates)} ${r.time} EAT`],
              [t('Length'), t('{{minutes}} min', { minutes: r.duration_minutes })],
              [
                t('Days'),
                r.days.length
                  ? r.days.map((d) => `${weekday(t, d)} ${r.days_times[d] ?? r.time}`).join(', ')
                  : '',
              ],
              [t('Amount'), money(r.amount, r.currency)],
              [
                t('Credit used'),
                r.credit_applied_cents ? formatAmount(r.credit_applied_cents, r.currency) : '',
              ],
              [t('Late credit'), r.credit_cents ? formatAmount(r.credit_cents, r.currency) : ''],
            ]}
          />
        </Card>
      </div>
      <Card title={t('Sessions')}>
        <ol className="divide-y divide-stone-200" aria-label={t('Sessions')}>
          {detail.sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium">
                  {longDate(s.date, dates)} {s.time} EAT
                </span>
                {s.rescheduled_from && (
                  <span className="text-stone-600">
                    {' '}
                    · {t('moved from {{time}}', { time: eatDateTime(s.rescheduled_from, dates) })}
                  </span>
                )}
                {s.cancel_outcome && (
                  <span className="text-stone-600"> · {cancelOutcome(t, s.cancel_outcome)}</span>
                )}
                {s.status === 'cancelled' && s.cancel_reason && (
                  <span className="block break-words text-stone-600 [overflow-wrap:anywhere]">
                    {t('Reason: {{reason}}', { reason: s.cancel_reason })}
                  </span>
                )}
              </span>
              <StatusBadge status={s.status} />
            </li>
          ))}
        </ol>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <Card title={t('Payments')}>
          {detail.payments.length === 0 ? (
            <p className="text-sm text-stone-600">{t('No payment yet.')}</p>
          ) : (
            <ul className="divide-y divide-stone-200 text-sm">
              {detail.payments.map((p) => (
                <li key={p.id} className="py-2">
                  <p className="flex flex-wrap justify-between gap-2">
                    <span className="font-medium">{money(p.amount, p.currency)}</span>
                    <StatusBadge status={p.status} />
                  </p>
                  <p className="text-stone-600">
                    {{ demo: t('demo'), credit: t('credit') }[p.provider] ?? p.provider} ·{' '}
                    {p.paid_at
                      ? t('paid {{time}} EAT', { time: eatDateTime(p.paid_at, dates) })
                      : t('created {{time}} EAT', { time: eatDateTime(p.created_at, dates) })}
                    {p.refunded > 0 &&
                      ` · ${t('refunded {{amount}}', { amount: money(p.refunded, p.currency) })}`}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t('History')}>
          {detail.history.length === 0 ? (
            <p className="text-sm text-stone-600">{t('No changes yet.')}</p>
          ) : (
            <ol className="divide-y divide-stone-200 text-sm" aria-label={t('Reservation history')}>
              {detail.history.map((h) => (
                <li key={h.id} className="py-2">
                  <span className="font-medium capitalize">
                    {history[h.action] ?? historyLabel(h.action)}
                  </span>
                  <span className="text-stone-600">
                    {' '}
                    · {eatDateTime(h.created_at, dates)} EAT{h.actor && ` · ${h.actor}`}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
    </div>
  );
}
