import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatEat, formatMoney } from '@tibeb/domain/admin/format';
import { ledgerTransactionKinds } from '@tibeb/domain/ledger/accounts';
import { ADMIN_LEDGER_PAGE_SIZE, type AdminLedgerTransaction } from '@tibeb/domain/ledger/admin-ledger';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list-toolbar.tsx';
import { pageCount, useListParams } from '../../../components/ui/use-list-params.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/dates.ts';
import { downloadLedgerCsv, useLedger, useLedgerTutors, type LedgerFilters } from '../api/ledger.ts';
import { accountLabel, kindLabel } from '../utils/labels.ts';
import { translateFieldError, translateMessage } from '../../../lib/translate-message.ts';
import { ledgerMemoTemplates } from '@tibeb/domain/ledger/memos';

/** An id shortened for reading (the whole id is its title and in the CSV). */
const short = (id: string) => id.slice(0, 8);

/** One transaction's entries: account, debit or credit, amount; a tutor's earning says when it is available. */
function Entries({ tx }: { tx: AdminLedgerTransaction }) {
  const { t } = useTranslation('admin-ledger');
  const dates = useDates();
  return (
    <ul className="space-y-1">
      {tx.entries.map((e, i) => (
        <li key={i} className="flex flex-wrap justify-between gap-x-3" data-testid="ledger-entry">
          <span>
            {accountLabel(t, e.account)}
            {e.tutor_id !== null && tx.tutor?.id !== e.tutor_id && (
              <span className="text-stone-600"> · {t('tutor {{id}}', { id: e.tutor_id })}</span>
            )}
          </span>
          <span className="whitespace-nowrap tabular-nums">
            <span className="text-stone-600">{e.amount_cents > 0 ? t('Debit') : t('Credit')}</span>{' '}
            {formatMoney(Math.abs(e.amount_cents), e.currency)}
          </span>
          {e.available_at && (
            <span className="basis-full text-xs text-stone-600">
              {t('Available from {{date}}', { date: formatEat(e.available_at, dates) })}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** What the transaction records: its reservation (a link), payment, refund, session and payout. */
function References({ tx }: { tx: AdminLedgerTransaction }) {
  const { t } = useTranslation('admin-ledger');
  const refs = [
    [t('Payment'), tx.payment_id],
    [t('Refund'), tx.refund_id],
    [t('Lesson'), tx.session_id],
    [t('Payout'), tx.payout_id],
  ].filter((r): r is [string, string] => Boolean(r[1]));
  if (!tx.reservation_id && refs.length === 0) return <>—</>;
  return (
    <ul className="space-y-0.5">
      {tx.reservation_id && (
        <li>
          <Link to={`/admin/reservation/details/${tx.reservation_id}`} className="text-brand-700 underline">
            {t('Reservation {{id}}', { id: short(tx.reservation_id) })}
          </Link>
        </li>
      )}
      {refs.map(([label, id]) => (
        <li key={label} title={id}>
          {label} {short(id)}
        </li>
      ))}
    </ul>
  );
}

/**
 * Admin → Ledger (decision 232): every transaction with its entries, newest first, filtered by tutor, dates (EAT)
 * and kind, kept in the address; the CSV holds one row per entry of every match.
 */
export function LedgerScreen() {
  const { t } = useTranslation('admin-ledger');
  const { get, page, update } = useListParams();
  const filters: LedgerFilters = {
    tutor: get('tutor') || undefined,
    kind: get('kind') || undefined,
    from: get('from') || undefined,
    to: get('to') || undefined,
    page,
  };
  const query = useLedger(filters);
  const tutors = useLedgerTutors();
  const dates = useDates();
  const [exportError, setExportError] = useState<string | null>(null);
  const onExport = () => {
    setExportError(null);
    downloadLedgerCsv(filters).catch(() => setExportError(t('The export failed. Please try again.')));
  };
  const fieldErrors = query.error instanceof ApiError ? query.error.fieldErrors : {};
  const firstFieldError = Object.keys(fieldErrors)
    .map((field) => translateFieldError(t, query.error, field))
    .find(Boolean);
  const count = query.data?.count;
  const total =
    count === undefined
      ? undefined
      : count === 1
        ? t('1 transaction')
        : t('{{count}} transactions', { count });

  const columns: Column<AdminLedgerTransaction>[] = [
    { header: t('Date'), cell: (tx) => formatEat(tx.occurred_at, dates) },
    {
      header: t('Kind'),
      // A memo (an admin's refund reason) or a name may be one long word: it breaks anywhere, on every width.
      className: 'wrap-anywhere md:min-w-32',
      cell: (tx) => (
        <>
          <span className="block font-medium">{kindLabel(t, tx.kind)}</span>
          {tx.memo && (
            <span className="block text-stone-600">{translateMessage(t, tx.memo, ledgerMemoTemplates)}</span>
          )}
        </>
      ),
    },
    {
      header: t('Tutor'),
      className: 'wrap-anywhere md:min-w-24',
      cell: (tx) => (tx.tutor ? tx.tutor.name || t('tutor {{id}}', { id: tx.tutor.id }) : '—'),
    },
    { header: t('Entries'), stack: true, className: 'w-full md:min-w-64', cell: (tx) => <Entries tx={tx} /> },
    { header: t('Records'), stack: true, cell: (tx) => <References tx={tx} /> },
  ];

  return (
    <div className="space-y-4">
      <ListToolbar
        filters={[
          {
            type: 'select',
            id: 'ledger-tutor',
            label: t('Tutor'),
            value: filters.tutor ?? '',
            onChange: (value) => update({ tutor: value }),
            invalid: Boolean(fieldErrors.tutor),
            options: [
              { value: '', label: t('All tutors') },
              ...(tutors.data ?? []).map((tu) => ({ value: String(tu.id), label: tu.full_name })),
            ],
          },
          {
            type: 'select',
            id: 'ledger-kind',
            label: t('Kind'),
            value: filters.kind ?? '',
            onChange: (value) => update({ kind: value }),
            options: [
              { value: '', label: t('All kinds') },
              ...ledgerTransactionKinds.map((k) => ({ value: k, label: kindLabel(t, k) })),
            ],
          },
          {
            type: 'date',
            id: 'ledger-from',
            label: t('From'),
            value: filters.from ?? '',
            onChange: (value) => update({ from: value }),
            invalid: Boolean(fieldErrors.from),
          },
          {
            type: 'date',
            id: 'ledger-to',
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
      <DataTable
        caption={t('Ledger transactions')}
        columns={columns}
        rows={query.data?.results}
        rowKey={(tx) => tx.id}
        rowTestId="ledger-row"
        loading={query.isPending}
        loadingLabel={t('Loading the ledger...')}
        error={
          query.isError
            ? firstFieldError
              ? firstFieldError
              : t('We could not load the ledger. Please try again.')
            : undefined
        }
        empty={t('No transactions match these filters.')}
        paging={{
          page,
          pages: pageCount(count ?? 0, ADMIN_LEDGER_PAGE_SIZE),
          total,
          onPage: (p) => update({ page: String(p) }),
        }}
      />
    </div>
  );
}
