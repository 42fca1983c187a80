import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '@tibeb/domain/payments/currency';
import type { EarningsEntry, EarningsResponse } from '@tibeb/domain/ledger/earnings';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDates } from '../../../lib/dates.ts';
import { downloadStatementCsv } from '../api/download-statement.ts';
import { useEarnings } from '../api/get-earnings.ts';
import { parseMonth, stateLabels } from './labels.ts';

function Amount({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold break-words text-brand-800">{value}</dd>
      {note && <dd className="mt-1 text-xs text-stone-600">{note}</dd>}
    </div>
  );
}

function Balances({ data }: { data: EarningsResponse }) {
  const { t } = useTranslation('earnings');
  if (data.balances.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-stone-600">
        {t('No earnings yet. Each lesson you teach is added here.')}
      </p>
    );
  return (
    <div className="space-y-3">
      {data.balances.map((b) => (
        <section
          key={b.currency}
          aria-label={t('Balance in {{currency}}', { currency: b.currency })}
          className="rounded-xl border border-stone-200 bg-white p-4"
        >
          <h3 className="mb-3 font-semibold">{t('Balance in {{currency}}', { currency: b.currency })}</h3>
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Amount
              label={t('Pending')}
              value={formatAmount(b.pending_cents, b.currency)}
              note={t('Available after the {{days}}-day dispute window', {
                days: data.dispute_window_days,
              })}
            />
            <Amount label={t('Available')} value={formatAmount(b.available_cents, b.currency)} />
            <Amount label={t('In transit')} value={formatAmount(b.in_transit_cents, b.currency)} />
            <Amount label={t('Paid')} value={formatAmount(b.paid_cents, b.currency)} />
          </dl>
        </section>
      ))}
    </div>
  );
}

/** The month's totals per currency: earned, reversed, paid out. */
export function MonthTotals({ totals }: { totals: EarningsResponse['month_totals'] }) {
  const { t } = useTranslation('earnings');
  if (totals.length === 0) return null;
  return (
    <div className="space-y-2">
      {totals.map((m) => (
        <dl
          key={m.currency}
          className="grid grid-cols-1 gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-3"
          aria-label={t('Totals in {{currency}}', { currency: m.currency })}
        >
          <Amount label={t('Earned')} value={formatAmount(m.earned_cents, m.currency)} />
          <Amount label={t('Reversed')} value={formatAmount(m.reversed_cents, m.currency)} />
          <Amount label={t('Paid out')} value={formatAmount(m.paid_out_cents, m.currency)} />
        </dl>
      ))}
    </div>
  );
}

/** The columns of the month's entries: date, what, amount, state (cards on phones). */
export function useEntryColumns(): Column<EarningsEntry>[] {
  const { t } = useTranslation('earnings');
  const dates = useDates();
  return [
    { header: t('Date'), cell: (e) => dates.format(e.occurred_at, 'dateMedium') },
    { header: t('What'), cell: (e) => e.description, stack: true },
    {
      header: t('Amount'),
      end: true,
      className: 'whitespace-nowrap',
      cell: (e) => formatAmount(e.amount_cents, e.currency),
    },
    {
      header: t('State'),
      cell: (e) =>
        e.state === 'pending' && e.available_at
          ? t('Pending until {{date}}', { date: dates.format(e.available_at, 'dateMedium') })
          : t(stateLabels[e.state]),
    },
  ];
}

/** Tutor → Earnings (issue 27 item 3, decision 236): balances, commission, a month's entries and statement. */
export function EarningsScreen() {
  const { t } = useTranslation('earnings');
  const dates = useDates();
  const [month, setMonth] = useState<string | undefined>(undefined);
  const query = useEarnings(month);
  const columns = useEntryColumns();
  const [downloadFailed, setDownloadFailed] = useState(false);

  if (query.isPending) return <Spinner label={t('Loading your earnings…')} />;
  if (query.isError)
    return <Alert tone="error">{t('We could not load your earnings. Please try again.')}</Alert>;
  const data = query.data;
  const months = data.months.includes(data.month) ? data.months : [data.month, ...data.months];

  return (
    <div className="space-y-8">
      <section aria-labelledby="earnings-balances" className="space-y-3">
        <h2 id="earnings-balances" className="text-lg font-semibold">
          {t('Balances')}
        </h2>
        <p className="text-stone-700">
          {t('The platform keeps {{percent}} % of each lesson’s price; the rest is yours.', {
            percent: data.commission_percent,
          })}
        </p>
        <Balances data={data} />
      </section>

      <section aria-labelledby="earnings-month" className="space-y-4">
        <h2 id="earnings-month" className="text-lg font-semibold">
          {t('Statement')}
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="earnings-month-picker" className="mb-1 block text-sm font-medium">
              {t('Month')}
            </label>
            <select
              id="earnings-month-picker"
              className={`${inputStyles} max-w-xs`}
              value={data.month}
              onChange={(e) => setMonth(e.target.value)}
            >
              {months.map((m) => (
                <option key={m} value={m}>
                  {dates.month(parseMonth(m))}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => {
              setDownloadFailed(false);
              downloadStatementCsv(data.month).catch(() => setDownloadFailed(true));
            }}
          >
            {t('Download CSV')}
          </button>
          <Link to={`/tutor/earnings/statement/${data.month}`} className={buttonStyles.secondary}>
            {t('Printable statement')}
          </Link>
        </div>
        {downloadFailed && (
          <Alert tone="error">{t('The statement could not be downloaded. Please try again.')}</Alert>
        )}
        <DataTable
          caption={t('Entries of {{month}}', { month: dates.month(parseMonth(data.month)) })}
          columns={columns}
          rows={data.entries}
          rowKey={(e) => e.id}
          rowTestId="earnings-entry"
          empty={t('Nothing was earned or paid out this month.')}
        />
        <MonthTotals totals={data.month_totals} />
      </section>
    </div>
  );
}
