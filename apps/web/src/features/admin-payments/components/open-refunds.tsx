import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatEat, formatMoney } from '@tibeb/domain/admin/format';
import type { OpenRefund, OpenRefundStatus } from '@tibeb/domain/admin/refunds';
import { Alert } from '../../../components/ui/alert.tsx';
import { DataTable, NameAndEmail, type Column } from '../../../components/ui/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list-toolbar.tsx';
import { pagingIfMany } from '../../../components/ui/use-list-params.ts';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useOpenRefunds } from '../api/list-open-refunds.ts';
import { useRetryRefund } from '../api/retry-refund.ts';

const PAGE_SIZE = 10;
const MINUTE = 60_000;

/** How long a refund has waited, in the largest unit that fits. */
function useWaited() {
  const { t } = useTranslation('admin-extra');
  return (iso: string, now = Date.now()) => {
    const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / MINUTE));
    if (minutes < 60) return t('waiting {{count}} min', { count: minutes });
    const hours = Math.floor(minutes / 60);
    if (hours < 48) return t('waiting {{count}} h', { count: hours });
    return t('waiting {{count}} days', { count: Math.floor(hours / 24) });
  };
}

/**
 * Refunds not yet with the family (issue 13 §5): pending ones (the provider has not confirmed; the job tries again
 * every minute) and failed ones, with amount, payment, family and since when; a pending one can be sent now.
 */
export function OpenRefunds() {
  const { t } = useTranslation('admin-extra');
  const waited = useWaited();
  const dates = useDates();
  const [status, setStatus] = useState<OpenRefundStatus | ''>('');
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const query = useOpenRefunds({ status: status || undefined, page, page_size: PAGE_SIZE });
  const retry = useRetryRefund();

  const onRetry = (refund: OpenRefund) => {
    setMessage(null);
    retry.mutate(refund.id, {
      onSuccess: () =>
        setMessage({
          tone: 'success',
          text: t('The refund of {{amount}} to {{family}} was sent to the payment provider.', {
            amount: formatMoney(refund.amount_cents, refund.currency),
            family: refund.full_name,
          }),
        }),
      onError: (err) =>
        setMessage({
          tone: 'error',
          text: translateAnswer(t, err) ?? t('Network error. Please try again later.'),
        }),
    });
  };

  const what = (r: OpenRefund) => {
    if (r.status === 'failed') return t('The provider refused it: refund the payment again.');
    if (!r.provider_configured)
      return t('Waits until {{provider}} is set up on this server.', { provider: r.provider });
    return null;
  };

  const columns: Column<OpenRefund>[] = [
    {
      header: t('Since'),
      cell: (r) => (
        <>
          <time className="block" dateTime={r.created_at}>
            {formatEat(r.created_at, dates)}
          </time>
          <span className="block text-stone-600">{waited(r.created_at)}</span>
        </>
      ),
    },
    { header: t('Family'), cell: (r) => <NameAndEmail name={r.full_name} email={r.email} /> },
    {
      header: t('Payment'),
      cell: (r) => (
        <>
          <span className="block whitespace-nowrap">
            {formatMoney(r.payment_amount_cents, r.currency)} · {r.provider}
          </span>
          <Link
            to={`/admin/payment?q=${encodeURIComponent(r.payment_id)}`}
            className="font-medium text-brand-700 underline"
          >
            {t('Show the payment')}
            <span className="sr-only"> {r.full_name}</span>
          </Link>
        </>
      ),
    },
    {
      header: t('Refund'),
      cell: (r) => (
        <>
          <span className="block whitespace-nowrap font-semibold">
            {formatMoney(r.amount_cents, r.currency)}
          </span>
          {r.reason && <span className="block text-stone-600">{r.reason}</span>}
          {r.created_by && (
            <span className="block text-stone-600">{t('asked by {{name}}', { name: r.created_by })}</span>
          )}
        </>
      ),
    },
    {
      header: t('Status'),
      cell: (r) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            r.status === 'failed' ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900'
          }`}
        >
          {r.status === 'failed' ? t('Failed') : t('Pending')}
        </span>
      ),
    },
    {
      header: t('Actions'),
      cell: (r) =>
        what(r) ?? (
          <button
            type="button"
            className="font-medium text-brand-700 underline disabled:opacity-50"
            disabled={retry.isPending}
            onClick={() => onRetry(r)}
          >
            {retry.isPending && retry.variables === r.id ? t('Sending...') : t('Send now')}
            <span className="sr-only"> {r.full_name}</span>
          </button>
        ),
    },
  ];

  return (
    <section aria-labelledby="open-refunds-heading" className="space-y-3">
      <div className="min-w-0 max-w-2xl">
        <h2 id="open-refunds-heading" className="text-lg font-semibold text-brand-800">
          {t('Refunds waiting')}
        </h2>
        <p className="text-sm text-stone-600">
          {t(
            'Refunds the payment provider has not confirmed yet are sent again every minute with the same key, so a family is never paid twice. Send one now, or refund a failed one again from its payment.',
          )}
        </p>
      </div>
      <ListToolbar
        filters={[
          {
            type: 'select',
            id: 'open-refunds-status',
            label: t('Which refunds'),
            value: status,
            onChange: (value) => {
              setStatus(value as OpenRefundStatus | '');
              setPage(1);
            },
            options: [
              { value: '', label: t('Pending and failed') },
              { value: 'pending', label: t('Pending') },
              { value: 'failed', label: t('Failed') },
            ],
          },
        ]}
      />
      <div aria-live="polite">{message && <Alert tone={message.tone}>{message.text}</Alert>}</div>

      {query.data && query.data.count > 0 && (
        <p className="text-sm font-medium text-stone-700" data-testid="open-refund-totals">
          {query.data.totals
            .map(
              (total) =>
                `${
                  total.refunds === 1 ? t('1 refund') : t('{{count}} refunds', { count: total.refunds })
                } · ${formatMoney(total.amount_cents, total.currency)}`,
            )
            .join(' — ')}
        </p>
      )}
      <DataTable
        caption={t('Refunds waiting')}
        columns={columns}
        rows={query.data?.results}
        rowKey={(r) => r.id}
        rowTestId="open-refund-row"
        loading={query.isPending}
        loadingLabel={t('Loading refunds...')}
        error={query.isError ? t('We could not load the refunds. Please try again.') : undefined}
        empty={t('No refunds are waiting: every refund has reached the family.')}
        // Under the payments of the same page: a second pager only when there is more than one page.
        paging={pagingIfMany(query.data?.count, PAGE_SIZE, page, setPage, (count) =>
          t('{{count}} refunds', { count }),
        )}
      />
    </section>
  );
}
