import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '@tibeb/domain/admin/format';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDates } from '../../../lib/dates.ts';
import { useReport } from '../api/get-report.ts';
import { reportDates } from '../utils/dates.ts';
import { ReportChart } from './report-chart.tsx';

/** The dashboard's chart: net revenue by month over the last twelve months, with a link to every report. */
export function RevenueOverview() {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const report = useReport({});
  const data = report.data;
  const months = useMemo(
    () => data?.new_families.map((r) => reportDates(dates).month(r.month, false)) ?? [],
    [data, dates],
  );
  const byCurrency = useMemo(() => {
    const out = new Map<string, { values: number[]; net: number }>();
    for (const r of data?.revenue ?? []) {
      const entry = out.get(r.currency) ?? { values: [], net: 0 };
      entry.values.push(r.net_cents / 100);
      entry.net += r.net_cents;
      out.set(r.currency, entry);
    }
    return [...out.entries()].map(([currency, v]) => ({
      currency,
      net: v.net,
      series: [{ label: t('Net revenue ({{currency}})', { currency }), values: v.values, color: '#0f766e' }],
    }));
  }, [data, t]);

  return (
    <section
      aria-labelledby="revenue-overview"
      className="mt-6 space-y-3 rounded-xl border border-stone-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="revenue-overview" className="text-lg font-semibold text-brand-800">
          {t('Revenue, last twelve months')}
        </h2>
        <Link to="/admin/reports" className="text-sm font-medium text-brand-700 underline">
          {t('All reports')}
        </Link>
      </div>
      {report.isPending ? (
        <Spinner label={t('Loading revenue...')} />
      ) : report.isError ? (
        <Alert tone="error">{t('We could not load the revenue.')}</Alert>
      ) : byCurrency.length === 0 ? (
        <p className="text-sm text-stone-600">{t('No payments in the last twelve months.')}</p>
      ) : (
        byCurrency.map((c) => (
          <div key={c.currency}>
            <p className="text-sm text-stone-700">
              {t('{{amount}} net in {{currency}}', {
                amount: formatMoney(c.net, c.currency),
                currency: c.currency,
              })}
            </p>
            <ReportChart
              kind="bar"
              labels={months}
              series={c.series}
              label={t('Net revenue in {{currency}} by month', { currency: c.currency })}
            />
          </div>
        ))
      )}
    </section>
  );
}
