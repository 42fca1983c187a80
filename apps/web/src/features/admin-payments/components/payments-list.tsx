import { Pager } from '../../../components/ui/pager.tsx';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { LedgerPayment } from '@tibeb/domain/admin/payments';
import { formatEat, formatMoney } from '@tibeb/domain/admin/format';
import { paymentProviders, paymentStatuses } from '@tibeb/domain/payments/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { CardTableHead, NameAndEmail, cardTable as ct } from '../../../components/ui/card-table.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/dates.ts';
import { downloadPaymentsCsv } from '../api/export-payments.ts';
import { usePayments, type PaymentFilters } from '../api/list-payments.ts';
import { paymentStatusLabel, providerLabel } from '../utils/labels.ts';
import { RefundDialog } from './refund-dialog.tsx';

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
  const [params, setParams] = useSearchParams();
  const filters: PaymentFilters = {
    status: params.get('status') || undefined,
    provider: params.get('provider') || undefined,
    currency: params.get('currency') || undefined,
    q: params.get('q') || undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
    page_size: PAGE_SIZE,
  };
  const [search, setSearch] = useState(filters.q ?? '');
  const [refunding, setRefunding] = useState<LedgerPayment | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const query = usePayments(filters);
  const dates = useDates();
  const page = filters.page ?? 1;

  const update = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    if (!('page' in next)) merged.delete('page');
    setParams(merged, { replace: true });
  };
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: search.trim() });
  };
  const onExport = () => {
    setExportError(null);
    downloadPaymentsCsv(filters).catch(() => setExportError(t('The export failed. Please try again.')));
  };
  const fieldErrors = query.error instanceof ApiError ? query.error.fieldErrors : {};
  const pages = query.data ? Math.max(1, Math.ceil(query.data.count / PAGE_SIZE)) : 1;

  return (
    <div className="space-y-4">
      <form onSubmit={onSearch} role="search" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <label htmlFor="payments-q" className="mb-1 block text-sm font-medium">
            {/* 'Search_label' in locales/am/admin.json: the field's name, not the button's verb. */}
            {t('Search', { context: 'label' })}
          </label>
          <div className="flex gap-2">
            <input
              id="payments-q"
              type="search"
              className={`${inputStyles} min-w-0 flex-1`}
              placeholder={t('Family, e-mail, student or tutor')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <button type="submit" className={buttonStyles.secondary}>
              {t('Search')}
            </button>
          </div>
        </div>
        <div>
          <label htmlFor="payments-status" className="mb-1 block text-sm font-medium">
            {t('Status')}
          </label>
          <select
            id="payments-status"
            className={inputStyles}
            value={filters.status ?? ''}
            onChange={(e) => update({ status: e.target.value })}
          >
            <option value="">{t('All statuses')}</option>
            {paymentStatuses.map((s) => (
              <option key={s} value={s}>
                {paymentStatusLabel(t, s)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="payments-provider" className="mb-1 block text-sm font-medium">
            {t('Provider')}
          </label>
          <select
            id="payments-provider"
            className={inputStyles}
            value={filters.provider ?? ''}
            onChange={(e) => update({ provider: e.target.value })}
          >
            <option value="">{t('All providers')}</option>
            {paymentProviders.map((p) => (
              <option key={p} value={p}>
                {providerLabel(t, p)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="payments-currency" className="mb-1 block text-sm font-medium">
            {t('Currency')}
          </label>
          <select
            id="payments-currency"
            className={inputStyles}
            value={filters.currency ?? ''}
            onChange={(e) => update({ currency: e.target.value })}
          >
            <option value="">{t('All currencies')}</option>
            <option value="USD">USD</option>
            <option value="ETB">ETB</option>
          </select>
        </div>
        <div>
          <label htmlFor="payments-from" className="mb-1 block text-sm font-medium">
            {t('From')}
          </label>
          <input
            id="payments-from"
            type="date"
            className={inputStyles}
            value={filters.from ?? ''}
            onChange={(e) => update({ from: e.target.value })}
            aria-invalid={fieldErrors.from ? true : undefined}
          />
        </div>
        <div>
          <label htmlFor="payments-to" className="mb-1 block text-sm font-medium">
            {t('To')}
          </label>
          <input
            id="payments-to"
            type="date"
            className={inputStyles}
            value={filters.to ?? ''}
            onChange={(e) => update({ to: e.target.value })}
            aria-invalid={fieldErrors.to ? true : undefined}
          />
        </div>
        <div className="flex items-end">
          <button type="button" className={`${buttonStyles.secondary} w-full`} onClick={onExport}>
            {t('Export CSV')}
          </button>
        </div>
      </form>
      {exportError && <Alert tone="error">{exportError}</Alert>}

      {query.isPending ? (
        <Spinner label={t('Loading payments...')} />
      ) : query.isError ? (
        <Alert tone="error">
          {Object.values(fieldErrors)[0]?.[0]
            ? t(Object.values(fieldErrors)[0]?.[0] ?? '')
            : t('We could not load the payments. Please try again.')}
        </Alert>
      ) : (
        <>
          <section aria-label={t('Totals by currency')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {query.data.totals.length === 0 ? (
              <p className="text-stone-600">{t('No payments match these filters.')}</p>
            ) : (
              query.data.totals.map((total) => (
                <div key={total.currency} className="rounded-xl border border-stone-200 bg-white p-4">
                  <p className="text-sm font-medium text-stone-600">
                    {total.currency} ·{' '}
                    {total.payments === 1
                      ? t('1 payment')
                      : t('{{count}} payments', { count: total.payments })}
                  </p>
                  <p className="mt-1 text-2xl font-bold text-brand-800">
                    {formatMoney(total.net_cents, total.currency)}
                    <span className="ml-1 text-sm font-normal text-stone-600">{t('net')}</span>
                  </p>
                  <p className="text-sm text-stone-600">
                    {t('{{amount}} paid', { amount: formatMoney(total.paid_cents, total.currency) })} ·{' '}
                    {t('{{amount}} refunded', { amount: formatMoney(total.refunded_cents, total.currency) })}
                  </p>
                </div>
              ))
            )}
          </section>
          {query.data.results.length > 0 && (
            <div className={ct.wrap}>
              <table className={ct.table}>
                <caption className="sr-only">{t('Payments')}</caption>
                <CardTableHead
                  headings={[t('Date'), t('Family'), t('Tutor'), t('Amount'), t('Status'), t('Actions')]}
                />
                <tbody className={ct.tbody}>
                  {query.data.results.map((p) => (
                    <tr key={p.id} className={ct.tr} data-testid="payment-row">
                      <td className={ct.td} data-label={t('Date')}>
                        {formatEat(p.paid_at ?? p.created_at, dates)}
                      </td>
                      <td className={`${ct.td} break-words`} data-label={t('Family')}>
                        <NameAndEmail name={p.full_name} email={p.email} />
                      </td>
                      <td className={ct.td} data-label={t('Tutor')}>
                        {p.tutor_name || '—'}
                      </td>
                      <td className={`${ct.td} whitespace-nowrap`} data-label={t('Amount')}>
                        <span>
                          <span className="block">{formatMoney(p.amount_cents, p.currency)}</span>
                          {p.refunded_cents > 0 && (
                            <span className="block text-stone-600">
                              −
                              {t('{{amount}} refunded', {
                                amount: formatMoney(p.refunded_cents, p.currency),
                              })}
                            </span>
                          )}
                        </span>
                      </td>
                      <td className={ct.td} data-label={t('Status')}>
                        <span
                          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[p.status] ?? 'bg-stone-100 text-stone-800'}`}
                        >
                          {paymentStatusLabel(t, p.status)}
                        </span>
                      </td>
                      <td className={ct.td} data-label={t('Actions')}>
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
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {query.data.count > 0 && (
            <Pager
              page={page}
              pages={pages}
              total={t('{{count}} payments', { count: query.data.count })}
              onPage={(p) => update({ page: String(p) })}
            />
          )}
        </>
      )}
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </div>
  );
}
