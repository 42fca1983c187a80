import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  reportTables,
  type AdminReport,
  type ReportTable,
  type RevenueRow,
} from '@tibeb/domain/reports/contracts';
import { formatMoney } from '@tibeb/domain/admin/format';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/dates.ts';
import { downloadReportCsv } from '../api/export-report.ts';
import { useReport, type ReportRange } from '../api/get-report.ts';
import { reportDates } from '../utils/dates.ts';
import { ReportChart, type ChartProps } from './report-chart.tsx';
import { translateFieldError } from '../../../lib/translate-message.ts';

const BRAND = '#0f766e';
const ACCENT = '#d97706';
const ROSE = '#be123c';
const STONE = '#a8a29e';

type Column<Row> = { label: string; cell: (row: Row) => ReactNode; numeric?: boolean };
type Rows<T extends ReportTable> = AdminReport[T];
/** What a report shows: its heading, its charts (the table under them holds the same numbers) and its columns. */
type Section<T extends ReportTable> = {
  title: string;
  charts: ChartProps[];
  columns: Column<Rows<T>[number]>[];
};

function ReportSection<T extends ReportTable>({
  table,
  rows,
  range,
  title,
  charts,
  columns,
}: Section<T> & { table: T; rows: Rows<T>; range: ReportRange }) {
  const { t } = useTranslation('admin');
  const id = useId();
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
          {charts.map((chart) => (
            <ReportChart key={chart.label} {...chart} />
          ))}
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

/** A chart's bars or line: one value per row of a report. */
const series = <Row,>(label: string, rows: readonly Row[], value: (row: Row) => number, color: string) => ({
  label,
  values: rows.map(value),
  color,
});

function Charts({ report, range }: { report: AdminReport; range: ReportRange }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  // Built once per report and language: new charts on every keystroke in the range's form would redraw them all.
  const sections = useMemo((): { [T in ReportTable]: Section<T> } => {
    const when = reportDates(dates);
    const months = report.new_families.map((r) => when.month(r.month, false));
    const tutors = report.sessions_by_tutor.map((r) => r.tutor_name);
    const month = { label: t('Month'), cell: (r: { month: string }) => when.month(r.month) };
    const tutor = { label: t('Tutor'), cell: (r: { tutor_name: string }) => r.tutor_name };
    const sessionsAndHours = [
      { label: t('Sessions'), cell: (r: { sessions: number }) => r.sessions, numeric: true },
      { label: t('Hours'), cell: (r: { hours: number }) => r.hours, numeric: true },
    ];
    const money = (label: string, cents: (r: RevenueRow) => number): Column<RevenueRow> => ({
      label,
      cell: (r) => formatMoney(cents(r), r.currency),
      numeric: true,
    });
    const { sessions_by_subject: subjects, utilisation, cancellations } = report;
    return {
      revenue: {
        title: t('Revenue by month'),
        charts: [...new Set(report.revenue.map((r) => r.currency))].map((currency) => ({
          kind: 'bar',
          labels: months,
          series: [
            series(
              t('Net revenue ({{currency}})', { currency }),
              report.revenue.filter((r) => r.currency === currency),
              (r) => r.net_cents / 100,
              BRAND,
            ),
          ],
          label: t('Net revenue in {{currency}} by month', { currency }),
        })),
        columns: [
          month,
          money(t('Paid'), (r) => r.paid_cents),
          money(t('Refunded'), (r) => r.refunded_cents),
          money(t('Net'), (r) => r.net_cents),
          { label: t('Payments'), cell: (r) => r.payments, numeric: true },
        ],
      },
      sessions_by_subject: {
        title: t('Sessions by subject'),
        charts: [
          {
            kind: 'bar',
            labels: subjects.map((r) => r.subject),
            series: [series(t('Sessions'), subjects, (r) => r.sessions, BRAND)],
            label: t('Sessions by subject'),
          },
        ],
        columns: [{ label: t('Subject'), cell: (r) => r.subject }, ...sessionsAndHours],
      },
      sessions_by_tutor: {
        title: t('Sessions by tutor'),
        charts: [
          {
            kind: 'bar',
            labels: tutors,
            series: [series(t('Sessions'), report.sessions_by_tutor, (r) => r.sessions, ACCENT)],
            label: t('Sessions by tutor'),
          },
        ],
        columns: [tutor, ...sessionsAndHours],
      },
      utilisation: {
        title: t('Tutor utilisation'),
        charts: [
          {
            kind: 'bar',
            labels: tutors,
            series: [
              series(t('Booked hours'), utilisation, (r) => r.booked_hours, BRAND),
              series(t('Offered hours'), utilisation, (r) => r.offered_hours, STONE),
            ],
            label: t('Booked hours against offered hours by tutor'),
          },
        ],
        columns: [
          tutor,
          { label: t('Booked h'), cell: (r) => r.booked_hours, numeric: true },
          { label: t('Offered h'), cell: (r) => r.offered_hours, numeric: true },
          { label: t('Utilisation'), cell: (r) => percent(r.utilisation), numeric: true },
        ],
      },
      new_families: {
        title: t('New families'),
        charts: [
          {
            kind: 'line',
            labels: months,
            series: [series(t('New families'), report.new_families, (r) => r.families, BRAND)],
            label: t('New families by month'),
          },
        ],
        columns: [month, { label: t('New families'), cell: (r) => r.families, numeric: true }],
      },
      cancellations: {
        title: t('Cancellations'),
        charts: [
          {
            kind: 'bar',
            labels: months,
            series: [
              series(t('Sessions cancelled'), cancellations, (r) => r.sessions_cancelled, ROSE),
              series(t('Reservations cancelled'), cancellations, (r) => r.reservations_cancelled, ACCENT),
            ],
            label: t('Cancellations by month'),
          },
        ],
        columns: [
          month,
          { label: t('Sessions'), cell: (r) => r.sessions_cancelled, numeric: true },
          { label: t('Reservations'), cell: (r) => r.reservations_cancelled, numeric: true },
        ],
      },
    };
  }, [report, dates, t]);
  const section = <T extends ReportTable>(table: T) => (
    <ReportSection key={table} table={table} rows={report[table]} range={range} {...sections[table]} />
  );

  return <div className="grid gap-4 xl:grid-cols-2">{reportTables.map(section)}</div>;
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
        <Field id="report-from" label={t('From')}>
          <input
            id="report-from"
            type="date"
            className={inputStyles}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            aria-invalid={errors.from ? true : undefined}
          />
        </Field>
        <Field id="report-to" label={t('To')}>
          <input
            id="report-to"
            type="date"
            className={inputStyles}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            aria-invalid={errors.to ? true : undefined}
          />
        </Field>
        <button type="submit" className={buttonStyles.primary}>
          {t('Show')}
        </button>
      </form>
      {report.isPending ? (
        <Spinner label={t('Loading reports...')} />
      ) : report.isError ? (
        <Alert tone="error">
          {errors.to?.[0] || errors.from?.[0]
            ? (translateFieldError(t, report.error, 'to') ?? translateFieldError(t, report.error, 'from'))
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
