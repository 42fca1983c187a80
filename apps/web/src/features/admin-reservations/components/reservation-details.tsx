import type { ReactNode } from 'react';
import type { AdminReservationDetail } from '@tibeb/domain/admin-reservations/contract';
import { useDates } from '../../../lib/dates.ts';
import { cents, eatDateTime, longDate, money } from './format.ts';
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
  const { reservation: r, family, student } = detail;
  const dates = useDates();
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-3">
        <Card title="Family">
          <Facts
            rows={[
              ['Name', family.name],
              ['E-mail', family.email],
              ['Phone', family.phone],
              ['Relationship', family.relationship],
              ['Account', family.account_user_id ? 'Yes' : 'Not yet'],
              ['Credit', cents(family.credit_balance_cents, r.currency)],
            ]}
          />
        </Card>
        <Card title="Student">
          <Facts
            rows={[
              ['Name', student.name],
              ['Grade', student.grade],
              ['Age', student.age === null ? '' : String(student.age)],
              ['School', student.school],
              ['E-mail', student.email],
            ]}
          />
        </Card>
        <Card title="Plan">
          <Facts
            rows={[
              ['Status', <StatusBadge key="s" status={r.status} />],
              ['Tutor', r.tutor_name],
              ['Subject', r.subject],
              ['First', `${longDate(r.date, dates)} ${r.time} EAT`],
              ['Length', `${r.duration_minutes} min`],
              [
                'Days',
                r.days.length ? r.days.map((d) => `${d} ${r.days_times[d] ?? r.time}`).join(', ') : '',
              ],
              ['Amount', money(r.amount, r.currency)],
              ['Credit used', r.credit_applied_cents ? cents(r.credit_applied_cents, r.currency) : ''],
              ['Late credit', r.credit_cents ? cents(r.credit_cents, r.currency) : ''],
            ]}
          />
        </Card>
      </div>
      <Card title="Sessions">
        <ol className="divide-y divide-stone-200" aria-label="Sessions">
          {detail.sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium">
                  {longDate(s.date, dates)} {s.time} EAT
                </span>
                {s.rescheduled_from && (
                  <span className="text-stone-600">
                    {' '}
                    · moved from {eatDateTime(s.rescheduled_from, dates)}
                  </span>
                )}
                {s.cancel_outcome && <span className="text-stone-600"> · {s.cancel_outcome}</span>}
              </span>
              <StatusBadge status={s.status} />
            </li>
          ))}
        </ol>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Payments">
          {detail.payments.length === 0 ? (
            <p className="text-sm text-stone-600">No payment yet.</p>
          ) : (
            <ul className="divide-y divide-stone-200 text-sm">
              {detail.payments.map((p) => (
                <li key={p.id} className="py-2">
                  <p className="flex flex-wrap justify-between gap-2">
                    <span className="font-medium">{money(p.amount, p.currency)}</span>
                    <StatusBadge status={p.status} />
                  </p>
                  <p className="text-stone-600">
                    {p.provider} ·{' '}
                    {p.paid_at
                      ? `paid ${eatDateTime(p.paid_at, dates)} EAT`
                      : `created ${eatDateTime(p.created_at, dates)} EAT`}
                    {p.refunded > 0 && ` · refunded ${money(p.refunded, p.currency)}`}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="History">
          {detail.history.length === 0 ? (
            <p className="text-sm text-stone-600">No changes yet.</p>
          ) : (
            <ol className="divide-y divide-stone-200 text-sm" aria-label="Reservation history">
              {detail.history.map((h) => (
                <li key={h.id} className="py-2">
                  <span className="font-medium capitalize">{historyLabel(h.action)}</span>
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
