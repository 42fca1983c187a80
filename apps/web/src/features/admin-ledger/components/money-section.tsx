import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatEat, formatMoney } from '@tibeb/domain/admin/format';
import type { MoneyMonth, ReconciliationProblem } from '@tibeb/domain/ledger/admin-ledger';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/dates.ts';
import type { Translate } from '../../../lib/translate-message.ts';
import { useMoneyReport, type MoneyRange } from '../api/ledger.ts';
import { issueLabel } from '../utils/labels.ts';
import { translateFieldError } from '../../../lib/translate-message.ts';

function problemKindLabel(t: Translate, kind: ReconciliationProblem['kind']): string {
  const labels: Record<ReconciliationProblem['kind'], string> = {
    payment: t('Payment'),
    refund: t('Refund'),
    payout: t('Payout'),
    transaction: t('Transaction'),
  };
  return labels[kind];
}

/** The reconciliation's findings: what was checked, each problem in plain words, what predates the ledger. */
function ReconciliationResult({ data }: { data: NonNullable<ReturnType<typeof useMoneyReport>['data']> }) {
  const { t } = useTranslation('admin-ledger');
  const dates = useDates();
  const r = data.reconciliation;
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3" data-testid="reconciliation">
      <h3 id={id} className="text-base font-semibold text-brand-800">
        {t('Reconciliation')}
      </h3>
      <p className="text-sm text-stone-600">
        {t(
          'Every payment, refund and payout is tied to its ledger transaction, and every transaction must add up to zero.',
        )}
      </p>
      {r.problems.length === 0 ? (
        <Alert tone="success">
          {t('{{count}} items checked: everything matches the ledger.', { count: r.checked })}
        </Alert>
      ) : (
        <>
          {/* Not role="alert": a report, read when opened, not an interruption. */}
          <p
            className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
            data-testid="reconciliation-summary"
          >
            {r.problems.length === 1
              ? t('{{checked}} items checked: 1 does not match the ledger.', { checked: r.checked })
              : t('{{checked}} items checked: {{count}} do not match the ledger.', {
                  checked: r.checked,
                  count: r.problems.length,
                })}
          </p>
          <ul className="space-y-2">
            {r.problems.map((p) => (
              <li
                key={`${p.kind}-${p.id}-${p.currency}`}
                className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm break-words"
                data-testid="reconciliation-problem"
              >
                <p className="font-medium text-red-900">
                  {problemKindLabel(t, p.kind)} <span title={p.id}>{p.id.slice(0, 8)}</span> ·{' '}
                  {formatMoney(p.amount_cents, p.currency || 'USD')}
                </p>
                <p>{issueLabel(t, p.issue)}</p>
                {p.ledger_amount_cents !== null && (
                  <p className="text-stone-700">
                    {t('The ledger shows {{amount}}.', {
                      amount: formatMoney(p.ledger_amount_cents, p.currency || 'USD'),
                    })}
                  </p>
                )}
                {p.reservation_id && (
                  <Link
                    to={`/admin/reservation/details/${p.reservation_id}`}
                    className="text-brand-700 underline"
                  >
                    {t('Open the reservation')}
                    <span className="sr-only"> {p.reservation_id}</span>
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {(r.before_ledger.payments > 0 || r.before_ledger.refunds > 0) && (
        <p className="text-sm break-words text-stone-700" data-testid="before-ledger">
          {t('Made before the ledger started ({{date}}), not checked:', {
            date: r.ledger_started_at ? formatEat(r.ledger_started_at, dates) : t('nothing posted yet'),
          })}{' '}
          {[
            r.before_ledger.payments === 1
              ? t('1 payment')
              : t('{{count}} payments', { count: r.before_ledger.payments }),
            ...(r.before_ledger.refunds === 0
              ? []
              : [
                  r.before_ledger.refunds === 1
                    ? t('1 refund')
                    : t('{{count}} refunds', { count: r.before_ledger.refunds }),
                ]),
            ...r.before_ledger.totals.flatMap((s) => [
              t('{{amount}} paid', { amount: formatMoney(s.paid_cents, s.currency) }),
              ...(s.refunded_cents === 0
                ? []
                : [t('{{amount}} refunded', { amount: formatMoney(s.refunded_cents, s.currency) })]),
            ]),
          ].join(' · ')}
        </p>
      )}
    </section>
  );
}

/**
 * Admin → Reports → Money (issue 27 item 5, decision 233): from the ledger, per currency and month (EAT): revenue,
 * refunds, commission, what tutors earned, were paid and are owed at the month's end; then the reconciliation.
 */
export function MoneySection() {
  const { t } = useTranslation('admin-ledger');
  const [range, setRange] = useState<MoneyRange>({});
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query = useMoneyReport(range);
  const id = useId();
  const fieldErrors = query.error instanceof ApiError ? query.error.fieldErrors : {};
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setRange({ from: from || undefined, to: to || undefined });
  };
  const money = (cents: number, row: MoneyMonth) => formatMoney(cents, row.currency);
  const columns: Column<MoneyMonth>[] = [
    { header: t('Month'), cell: (m) => m.month },
    { header: t('Currency'), cell: (m) => m.currency },
    { header: t('Revenue'), end: true, cell: (m) => money(m.revenue_cents, m) },
    { header: t('Refunds'), end: true, cell: (m) => money(m.refunds_cents, m) },
    { header: t('Commission'), end: true, cell: (m) => money(m.commission_cents, m) },
    { header: t('Tutors earned'), end: true, cell: (m) => money(m.tutors_earned_cents, m) },
    { header: t('Tutors paid'), end: true, cell: (m) => money(m.tutors_paid_cents, m) },
    { header: t('Owed to tutors at month end'), end: true, cell: (m) => money(m.tutors_payable_cents, m) },
  ];
  return (
    <section
      aria-labelledby={id}
      className="mt-8 min-w-0 space-y-4 rounded-xl border border-stone-200 bg-white p-4"
      data-testid="money-section"
    >
      <h2 id={id} className="text-lg font-semibold text-brand-800">
        {t('Money')}
      </h2>
      <p className="text-sm text-stone-600">
        {t(
          'From the ledger, per currency and month (East Africa Time): what families paid and got back, the commission, and what tutors earned, were paid and are still owed.',
        )}
      </p>
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" aria-label={t('Months')}>
        <div className="min-w-0 flex-[1_1_9rem] sm:w-48 sm:flex-none">
          <Field id="money-from" label={t('From month')} error={translateFieldError(t, query.error, 'from')}>
            <input
              id="money-from"
              type="month"
              className={`${inputStyles} min-w-0`}
              value={from}
              placeholder="YYYY-MM"
              onChange={(e) => setFrom(e.target.value)}
              aria-invalid={fieldErrors.from ? true : undefined}
              aria-describedby={fieldErrors.from ? 'money-from-error' : undefined}
            />
          </Field>
        </div>
        <div className="min-w-0 flex-[1_1_9rem] sm:w-48 sm:flex-none">
          <Field id="money-to" label={t('To month')} error={translateFieldError(t, query.error, 'to')}>
            <input
              id="money-to"
              type="month"
              className={`${inputStyles} min-w-0`}
              value={to}
              placeholder="YYYY-MM"
              onChange={(e) => setTo(e.target.value)}
              aria-invalid={fieldErrors.to ? true : undefined}
              aria-describedby={fieldErrors.to ? 'money-to-error' : undefined}
            />
          </Field>
        </div>
        <button type="submit" className={buttonStyles.secondary}>
          {t('Apply')}
        </button>
      </form>
      {query.isPending ? (
        <Spinner label={t('Loading the money report...')} />
      ) : query.isError && Object.keys(fieldErrors).length === 0 ? (
        <Alert tone="error">{t('We could not load the money report. Please try again.')}</Alert>
      ) : query.data ? (
        <>
          <p className="text-sm text-stone-600">
            {t('{{from}} to {{to}}', { from: query.data.from, to: query.data.to })}
          </p>
          <DataTable
            caption={t('Money per currency and month')}
            columns={columns}
            rows={query.data.months}
            rowKey={(m) => `${m.month}-${m.currency}`}
            rowTestId="money-row"
            empty={t('Nothing in the ledger for these months.')}
          />
          <ReconciliationResult data={query.data} />
        </>
      ) : null}
    </section>
  );
}
