import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LedgerPayment } from '@tibeb/domain/admin/payments';
import { formatEat, formatMoney } from '@tibeb/domain/admin/format';
import { paymentProviders, paymentStatuses } from '@tibeb/domain/payments/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { DataTable, NameAndEmail, type Column } from '../../../components/ui/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list-toolbar.tsx';
import { pageCount, useListParams } from '../../../components/ui/use-list-params.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/dates.ts';
import { downloadPaymentsCsv } from '../api/export-payments.ts';
import { usePayments, type PaymentFilters } from '../api/list-payments.ts';
import { paymentStatusLabel, providerLabel } from '../utils/labels.ts';
import { RefundDialog } from './refund-dialog.tsx';
import { translateFieldError } from '../../../lib/translate-message.ts';

const PAGE_SIZE = 20;
const statusTone: Record<string, string> = {
  paid: 'bg-emerald-100 text-emerald-800',
  partially_refunded: 'bg-amber-100 text-amber-900',
  refunded: 'bg-stone-200 text-stone-800',
  pending: 'bg-sky-100 text-sky-800',
};

/**
 * Payments: filters kept in the address (status, provider, currency, dates, search), totals per currency over
 * every match, CSV export of the filtered list, and refunds. `details` renders more about one payment (history).
 */
export function PaymentsList({ details }: { details?: (payment: LedgerPayment) => ReactNode }) {
  const { t } = useTranslation('admin');
  const { get, page, update } = useListParams();
  const filters: PaymentFilters = {
    status: get('status') || undefined,
    provider: get('provider') || undefined,
    currency: get('currency') || undefined,
    q: get('q') || undefined,
    from: get('from') || undefined,
    to: get('to') || undefined,
    page,
    page_size: PAGE_SIZE,
  };
  const [refunding, setRefunding] = useState<LedgerPayment | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const query = usePayments(filters);
  const dates = useDates();

  const onExport = () => {
    setExportError(null);
    downloadPaymentsCsv(filters).catch(() => setExportError(t('The export failed. Please try again.')));
  };
  const fieldErrors = query.error instanceof ApiError ? query.error.fieldErrors : {};
  const firstFieldError = Object.keys(fieldErrors)
    .map((field) => translateFieldError(t, query.error, field))
    .find(Boolean);
  const count = query.data?.count;
  const total =
    count === undefined ? undefined : count === 1 ? t('1 payment') : t('{{count}} payments', { count });

  const columns: Column<LedgerPayment>[] = [
    { header: t('Date'), cell: (p) => formatEat(p.paid_at ?? p.created_at, dates) },
    { header: t('Family'), cell: (p) => <NameAndEmail name={p.full_name} email={p.email} /> },
    { header: t('Tutor'), cell: (p) => p.tutor_name || '—' },
    {
      header: t('Amount'),
      cell: (p) => (
        <>
          <span className="block whitespace-nowrap">{formatMoney(p.amount_cents, p.currency)}</span>
          {p.refunded_cents > 0 && (
            <span className="block text-stone-600">
              −{t('{{amount}} refunded', { amount: formatMoney(p.refunded_cents, p.currency) })}
            </span>
          )}
        </>
      ),
    },
    {
      header: t('Status'),
      cell: (p) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[p.status] ?? 'bg-stone-100 text-stone-800'}`}
        >
          {paymentStatusLabel(t, p.status)}
        </span>
      ),
    },
    {
      header: t('Actions'),
      cell: (p) => (
        <span className="flex flex-wrap justify-end gap-2 md:justify-start">
          {p.refundable_cents > 0 && (
            <button
              type="button"
              className="font-medium text-brand-700 underline"
              onClick={() => setRefunding(p)}
            >
              {t('Refund')}
              <span className="sr-only"> {p.full_name}</span>
            </button>
          )}
          {details && (
            <details className="text-left">
              <summary className="cursor-pointer font-medium text-brand-700 underline">
                {t('History')}
                <span className="sr-only"> {t('of {{name}}', { name: p.full_name })}</span>
              </summary>
              <div className="mt-2 max-w-xs">{details(p)}</div>
            </details>
          )}
        </span>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <ListToolbar
        search={{
          id: 'payments-q',
          // 'Search_label' in locales/am/admin.json: the field's name, not the button's verb.
          label: t('Search', { context: 'label' }),
          placeholder: t('Family, e-mail, student or tutor'),
          button: t('Search'),
          value: filters.q ?? '',
          onSearch: (text) => update({ q: text }),
        }}
        filters={[
          {
            type: 'select',
            id: 'payments-status',
            label: t('Status'),
            value: filters.status ?? '',
            onChange: (value) => update({ status: value }),
            options: [
              { value: '', label: t('All statuses') },
              ...paymentStatuses.map((s) => ({ value: s, label: paymentStatusLabel(t, s) })),
            ],
          },
          {
            type: 'select',
            id: 'payments-provider',
            label: t('Provider'),
            value: filters.provider ?? '',
            onChange: (value) => update({ provider: value }),
            options: [
              { value: '', label: t('All providers') },
              ...paymentProviders.map((p) => ({ value: p, label: providerLabel(t, p) })),
            ],
          },
          {
            type: 'select',
            id: 'payments-currency',
            label: t('Currency'),
            value: filters.currency ?? '',
            onChange: (value) => update({ currency: value }),
            options: [
              { value: '', label: t('All currencies') },
              { value: 'USD', label: 'USD' },
              { value: 'ETB', label: 'ETB' },
            ],
          },
          {
            type: 'date',
            id: 'payments-from',
            label: t('From'),
            value: filters.from ?? '',
            onChange: (value) => update({ from: value }),
            invalid: Boolean(fieldErrors.from),
          },
          {
            type: 'date',
            id: 'payments-to',
            label: t('To'),
            value: filters.to ?? '',
            onChange: (value) => update({ to: value }),
            invalid: Boolean(fieldErrors.to),
          },
        ]}
        actions={
          <button type="button" className={buttonStyles.secondary} onClick={onExport}>
            {t('Export CSV')}
          </button>
        }
        count={total}
      />
      {exportError && <Alert tone="error">{exportError}</Alert>}
      {query.data && query.data.totals.length > 0 && (
        <section aria-label={t('Totals by currency')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {query.data.totals.map((sum) => (
            <div key={sum.currency} className="rounded-xl border border-stone-200 bg-white p-4">
              <p className="text-sm font-medium text-stone-600">
                {sum.currency} ·{' '}
                {sum.payments === 1 ? t('1 payment') : t('{{count}} payments', { count: sum.payments })}
              </p>
              <p className="mt-1 text-2xl font-bold text-brand-800">
                {formatMoney(sum.net_cents, sum.currency)}
                <span className="ml-1 text-sm font-normal text-stone-600">{t('net')}</span>
              </p>
              <p className="text-sm text-stone-600">
                {t('{{amount}} paid', { amount: formatMoney(sum.paid_cents, sum.currency) })} ·{' '}
                {t('{{amount}} refunded', { amount: formatMoney(sum.refunded_cents, sum.currency) })}
              </p>
            </div>
          ))}
        </section>
      )}
      <DataTable
        caption={t('Payments')}
        columns={columns}
        rows={query.data?.results}
        rowKey={(p) => p.id}
        rowTestId="payment-row"
        loading={query.isPending}
        loadingLabel={t('Loading payments...')}
        error={
          query.isError
            ? firstFieldError
              ? firstFieldError
              : t('We could not load the payments. Please try again.')
            : undefined
        }
        empty={t('No payments match these filters.')}
        paging={{
          page,
          pages: pageCount(count ?? 0, PAGE_SIZE),
          total: count === undefined ? undefined : t('{{count}} payments', { count }),
          onPage: (p) => update({ page: String(p) }),
        }}
      />
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </div>
  );
}
