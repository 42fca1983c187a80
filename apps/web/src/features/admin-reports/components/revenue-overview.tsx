import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@tibeb/domain/admin/format';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useReport } from '../api/get-report.ts';
import { ReportChart } from './report-chart.tsx';

/** The dashboard's chart: net revenue by month over the last twelve months, with a link to every report. */
export function RevenueOverview() {
  const report = useReport({});
  const data = report.data;
  const months = useMemo(() => data?.new_families.map((r) => r.month) ?? [], [data]);
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
      series: [{ label: `Net revenue (${currency})`, values: v.values, color: '#0f766e' }],
    }));
  }, [data]);

  return (
    <section
      aria-labelledby="revenue-overview"
      className="mt-6 space-y-3 rounded-xl border border-stone-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="revenue-overview" className="text-lg font-semibold text-brand-800">
          Revenue, last twelve months
        </h2>
        <Link to="/admin/reports" className="text-sm font-medium text-brand-700 underline">
          All reports
        </Link>
      </div>
      {report.isPending ? (
        <Spinner label="Loading revenue..." />
      ) : report.isError ? (
        <Alert tone="error">We could not load the revenue.</Alert>
      ) : byCurrency.length === 0 ? (
        <p className="text-sm text-stone-600">No payments in the last twelve months.</p>
      ) : (
        byCurrency.map((c) => (
          <div key={c.currency}>
            <p className="text-sm text-stone-700">
              {formatMoney(c.net, c.currency)} net in {c.currency}
            </p>
            <ReportChart
              kind="bar"
              labels={months}
              series={c.series}
              label={`Net revenue in ${c.currency} by month`}
            />
          </div>
        ))
      )}
    </section>
  );
}
