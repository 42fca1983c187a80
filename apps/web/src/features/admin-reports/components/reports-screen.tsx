import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AdminReport, ReportTable } from '@tibeb/domain/reports/contracts';
import { formatMoney } from '@tibeb/domain/admin/format';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/dates.ts';
import { downloadReportCsv } from '../api/export-report.ts';
import { useReport, type ReportRange } from '../api/get-report.ts';
import { reportDates } from '../utils/dates.ts';
import { ReportChart, type ChartSeries } from './report-chart.tsx';

const BRAND = '#0f766e';
const ACCENT = '#d97706';
const ROSE = '#be123c';

type Column<Row> = { label: string; cell: (row: Row) => ReactNode; numeric?: boolean };

function ReportSection<Row>({
  id,
  title,
  table,
  range,
  rows,
  columns,
  chart,
}: {
  id: string;
  title: string;
  table: ReportTable;
  range: ReportRange;
  rows: Row[];
  columns: Column<Row>[];
  chart: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [error, setError] = useState(false);
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 space-y-3 rounded-xl border border-stone-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-brand-800">
          {title}
        </h2>
        <button
          type="button"
          className="rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-100"
          onClick={() => {
            setError(false);
            downloadReportCsv(table, range).catch(() => setError(true));
          }}
        >
          {t('Export CSV')}
          <span className="sr-only"> {t('of {{title}}', { title })}</span>
        </button>
      </div>
      {error && <Alert tone="error">{t('The export failed. Please try again.')}</Alert>}
      {rows.length === 0 ? (
        <p className="text-sm text-stone-600">{t('Nothing in this range.')}</p>
      ) : (
        <>
          {chart}
          <details>
            <summary className="cursor-pointer text-sm font-medium text-brand-700 underline">
              {t('Table')}
              <span className="sr-only"> {t('of {{title}}', { title })}</span>
            </summary>
            <div className="mt-2">
              <DataTable
                caption={title}
                columns={columns.map((c) => ({ header: c.label, cell: c.cell, end: c.numeric }))}
                rows={rows}
                rowKey={(_row, index) => index}
                empty={t('Nothing in this range.')}
              />
            </div>
          </details>
        </>
      )}
    </section>
  );
}

const percent = (v: number | null) => (v === null ? '—' : `${Math.round(v * 1000) / 10}%`);

function Charts({ report, range }: { report: AdminReport; range: ReportRange }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const when = reportDates(dates);
  const currencies = useMemo(() => [...new Set(report.revenue.map((r) => r.currency))], [report]);
  const months = useMemo(
    () => report.new_families.map((r) => reportDates(dates).month(r.month, false)),
    [report, dates],
  );
  const revenueSeries = useMemo(
    () =>
      Object.fromEntries(
        currencies.map((c) => [
          c,
          [
            {
              label: t('Net revenue ({{currency}})', { currency: c }),
              values: report.revenue.filter((r) => r.currency === c).map((r) => r.net_cents / 100),
              color: BRAND,
            },
          ] as ChartSeries[],
        ]),
      ),
    [currencies, report, t],
  );
  const subjectLabels = useMemo(() => report.sessions_by_subject.map((r) => r.subject), [report]);
  const subjectSeries = useMemo(
    () => [{ label: t('Sessions'), values: report.sessions_by_subject.map((r) => r.sessions), color: BRAND }],
    [report, t],
  );
  const tutorLabels = useMemo(() => report.sessions_by_tutor.map((r) => r.tutor_name), [report]);
  const tutorSeries = useMemo(
    () => [{ label: t('Sessions'), values: report.sessions_by_tutor.map((r) => r.sessions), color: ACCENT }],
    [report, t],
  );
  const utilSeries = useMemo(
    () => [
      { label: t('Booked hours'), values: report.utilisation.map((r) => r.booked_hours), color: BRAND },
      { label: t('Offered hours'), values: report.utilisation.map((r) => r.offered_hours), color: '#a8a29e' },
    ],
    [report, t],
  );
  const familySeries = useMemo(
    () => [{ label: t('New families'), values: report.new_families.map((r) => r.families), color: BRAND }],
    [report, t],
  );
  const cancelSeries = useMemo(
    () => [
      {
        label: t('Sessions cancelled'),
        values: report.cancellations.map((r) => r.sessions_cancelled),
        color: ROSE,
      },
      {
        label: t('Reservations cancelled'),
        values: report.cancellations.map((r) => r.reservations_cancelled),
        color: ACCENT,
      },
    ],
    [report, t],
  );

  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <ReportSection
        id="report-revenue"
        title={t('Revenue by month')}
        table="revenue"
        range={range}
        rows={report.revenue}
        chart={currencies.map((c) => (
          <ReportChart
            key={c}
            kind="bar"
            labels={months}
            series={revenueSeries[c]!}
            label={t('Net revenue in {{currency}} by month', { currency: c })}
          />
        ))}
        columns={[
          { label: t('Month'), cell: (r) => when.month(r.month) },
          { label: t('Paid'), cell: (r) => formatMoney(r.paid_cents, r.currency), numeric: true },
          { label: t('Refunded'), cell: (r) => formatMoney(r.refunded_cents, r.currency), numeric: true },
          { label: t('Net'), cell: (r) => formatMoney(r.net_cents, r.currency), numeric: true },
          { label: t('Payments'), cell: (r) => r.payments, numeric: true },
        ]}
      />
      <ReportSection
        id="report-subjects"
        title={t('Sessions by subject')}
        table="sessions_by_subject"
        range={range}
        rows={report.sessions_by_subject}
        chart={
          <ReportChart
            kind="bar"
            labels={subjectLabels}
            series={subjectSeries}
            label={t('Sessions by subject')}
          />
        }
        columns={[
          { label: t('Subject'), cell: (r) => r.subject },
          { label: t('Sessions'), cell: (r) => r.sessions, numeric: true },
          { label: t('Hours'), cell: (r) => r.hours, numeric: true },
        ]}
      />
      <ReportSection
        id="report-tutors"
        title={t('Sessions by tutor')}
        table="sessions_by_tutor"
        range={range}
        rows={report.sessions_by_tutor}
        chart={
          <ReportChart kind="bar" labels={tutorLabels} series={tutorSeries} label={t('Sessions by tutor')} />
        }
        columns={[
          { label: t('Tutor'), cell: (r) => r.tutor_name },
          { label: t('Sessions'), cell: (r) => r.sessions, numeric: true },
          { label: t('Hours'), cell: (r) => r.hours, numeric: true },
        ]}
      />
      <ReportSection
        id="report-utilisation"
        title={t('Tutor utilisation')}
        table="utilisation"
        range={range}
        rows={report.utilisation}
        chart={
          <ReportChart
            kind="bar"
            labels={tutorLabels}
            series={utilSeries}
            label={t('Booked hours against offered hours by tutor')}
          />
        }
        columns={[
          { label: t('Tutor'), cell: (r) => r.tutor_name },
          { label: t('Booked h'), cell: (r) => r.booked_hours, numeric: true },
          { label: t('Offered h'), cell: (r) => r.offered_hours, numeric: true },
          { label: t('Utilisation'), cell: (r) => percent(r.utilisation), numeric: true },
        ]}
      />
      <ReportSection
        id="report-families"
        title={t('New families')}
        table="new_families"
        range={range}
        rows={report.new_families}
        chart={
          <ReportChart kind="line" labels={months} series={familySeries} label={t('New families by month')} />
        }
        columns={[
          { label: t('Month'), cell: (r) => when.month(r.month) },
          { label: t('New families'), cell: (r) => r.families, numeric: true },
        ]}
      />
      <ReportSection
        id="report-cancellations"
        title={t('Cancellations')}
        table="cancellations"
        range={range}
        rows={report.cancellations}
        chart={
          <ReportChart kind="bar" labels={months} series={cancelSeries} label={t('Cancellations by month')} />
        }
        columns={[
          { label: t('Month'), cell: (r) => when.month(r.month) },
          { label: t('Sessions'), cell: (r) => r.sessions_cancelled, numeric: true },
          { label: t('Reservations'), cell: (r) => r.reservations_cancelled, numeric: true },
        ]}
      />
    </div>
  );
}

/** Reports: a date range (kept in the address), a chart and a table per report, each table as CSV. */
export function ReportsScreen() {
  const { t } = useTranslation('admin');
  const when = reportDates(useDates());
  const [params, setParams] = useSearchParams();
  const range: ReportRange = useMemo(
    () => ({ from: params.get('from') || undefined, to: params.get('to') || undefined }),
    [params],
  );
  const report = useReport(range);
  // null: untouched, showing the range the report answered for.
  const [fromInput, setFrom] = useState<string | null>(range.from ?? null);
  const [toInput, setTo] = useState<string | null>(range.to ?? null);
  const from = fromInput ?? report.data?.from ?? '';
  const to = toInput ?? report.data?.to ?? '';
  const errors = report.error instanceof ApiError ? report.error.fieldErrors : {};
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    if (from) next.set('from', from);
    if (to) next.set('to', to);
    setParams(next, { replace: true });
  };
  const effective: ReportRange = report.data ? { from: report.data.from, to: report.data.to } : range;

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" aria-label={t('Date range')}>
        <div>
          <label htmlFor="report-from" className="mb-1 block text-sm font-medium">
            {t('From')}
          </label>
          <input
            id="report-from"
            type="date"
            className={inputStyles}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            aria-invalid={errors.from ? true : undefined}
          />
        </div>
        <div>
          <label htmlFor="report-to" className="mb-1 block text-sm font-medium">
            {t('To')}
          </label>
          <input
            id="report-to"
            type="date"
            className={inputStyles}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            aria-invalid={errors.to ? true : undefined}
          />
        </div>
        <button type="submit" className={buttonStyles.primary}>
          {t('Show')}
        </button>
      </form>
      {report.isPending ? (
        <Spinner label={t('Loading reports...')} />
      ) : report.isError ? (
        <Alert tone="error">
          {errors.to?.[0] || errors.from?.[0]
            ? t(errors.to?.[0] ?? errors.from?.[0] ?? '')
            : t('We could not load the reports. Please try again.')}
        </Alert>
      ) : (
        <>
          <p className="text-sm text-stone-600">
            {t('{{from}} to {{to}}, East Africa Time.', {
              from: when.day(report.data.from),
              to: when.day(report.data.to),
            })}
          </p>
          <Charts report={report.data} range={effective} />
        </>
      )}
    </div>
  );
}
