import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@tibeb/domain/payments/currency';
import { payoutStatuses } from '@tibeb/domain/ledger/accounts';
import {
  ELIGIBLE_PAGE_SIZE,
  PAYOUTS_PAGE_SIZE,
  type AdminPayouts,
  type Payout,
} from '@tibeb/domain/ledger/payouts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/dates.ts';
import {
  downloadBankFile,
  useCreateRun,
  useMarkPayout,
  useRetryPayout,
  usePayouts,
  useRunPreview,
  type PayoutFilters,
} from '../api/payouts.ts';
import { translateFieldError } from '../../../lib/translate-message.ts';

type Status = Payout['status'];
const statusLabels: Record<Status, string> = {
  pending: 'Waiting to be paid',
  processing: 'Sent, not confirmed yet',
  paid: 'Paid',
  failed: 'Failed',
};
const kindLabels: Record<string, string> = {
  bank: 'Bank account',
  telebirr: 'telebirr',
  cbebirr: 'CBE Birr',
};

type Eligible = AdminPayouts['eligible'][number];

function Rail({ data }: { data: AdminPayouts }) {
  const { t } = useTranslation('earnings');
  return (
    <Alert tone="info">
      <p className="font-semibold" data-testid="payout-rail">
        {data.rail === 'chapa'
          ? t('New runs are paid through Chapa Transfers.')
          : t('New runs are paid by hand with a bank file.')}
      </p>
      <p className="mt-1">
        {data.rail === 'chapa'
          ? t(
              'Each payout is sent to the tutor’s bank or wallet; Chapa confirms it, or it fails and the money returns to the tutor’s balance.',
            )
          : t(
              'Download the run’s bank file, pay it at the bank, then mark each payout paid or failed. A failed payout returns to the tutor’s balance.',
            )}
      </p>
      <p className="mt-1">
        {t('Smallest payout: {{amount}}', { amount: formatAmount(data.minimum_etb_cents, 'ETB') })}
      </p>
    </Alert>
  );
}

/** What a run at the rate would pay, from the server (every balance, not the page on screen). */
function RunPreview({ data, preview }: { data: AdminPayouts; preview: ReturnType<typeof useRunPreview> }) {
  const { t } = useTranslation('earnings');
  if (preview.isPending) return <Spinner label={t('Working out the payout run…')} />;
  if (preview.isError)
    return <Alert tone="error">{t('We could not work out the payout run. Please try again.')}</Alert>;
  const p = preview.data;
  if (p.needs_rate)
    return <p className="mb-4">{t('Enter the birr per dollar first: some balances are in dollars.')}</p>;
  if (p.count === 0)
    return (
      <p className="mb-4">{t('No tutor has an available balance above the minimum and a payout method.')}</p>
    );
  return (
    <>
      <p className="mb-3">
        {t('{{count}} payouts, {{amount}} in total, through {{rail}}.', {
          count: p.count,
          amount: formatAmount(p.total_etb_cents, 'ETB'),
          rail: data.rail === 'chapa' ? t('Chapa Transfers') : t('a manual bank file'),
        })}
      </p>
      <ul className="mb-4 space-y-1 text-sm" data-testid="payout-preview">
        {p.payouts.map((x) => (
          <li key={`${x.tutor.id}-${x.currency}`} className="break-words">
            {x.tutor.name}: {formatAmount(x.available_cents, x.currency)}
            {x.currency !== 'ETB' && ` → ${formatAmount(x.etb_cents, 'ETB')}`}
          </li>
        ))}
        {p.count > p.payouts.length && (
          <li className="text-stone-600">
            {t('… and {{count}} more', { count: p.count - p.payouts.length })}
          </li>
        )}
      </ul>
    </>
  );
}

function NewRun({ data }: { data: AdminPayouts }) {
  const { t } = useTranslation('earnings');
  const create = useCreateRun();
  const [rate, setRate] = useState('');
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<{ count: number; total: number } | null>(null);
  const needsRate = data.eligible_totals.some((c) => c.currency === 'USD' && c.with_method_count > 0);
  const rateNumber = rate.trim() === '' ? null : Number(rate);
  const previewRate =
    rateNumber !== null && Number.isFinite(rateNumber) && rateNumber > 0 ? rateNumber : null;
  const preview = useRunPreview(previewRate, confirming);
  const payable = preview.data && !preview.data.needs_rate && preview.data.count > 0;
  const errors = create.error instanceof ApiError ? create.error.fieldErrors : {};
  const rateError = translateFieldError(t, create.error, 'etb_per_usd');
  const noteError = translateFieldError(t, create.error, 'note');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    create.reset();
    setConfirming(true);
  };
  const onConfirm = () => {
    setConfirming(false);
    create.mutate(
      {
        etb_per_usd: rateNumber === null ? null : Number.isFinite(rateNumber) ? rateNumber : Number.NaN,
        ...(note.trim() ? { note: note.trim() } : {}),
      },
      {
        onSuccess: (r) => {
          setDone({ count: r.run.count, total: r.run.total_etb_cents });
          setNote('');
        },
      },
    );
  };

  return (
    <section aria-labelledby="payout-new-run" className="space-y-3">
      <h2 id="payout-new-run" className="text-lg font-semibold">
        {t('New payout run')}
      </h2>
      <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-4">
        <Field id="payout-rate" label={t('Birr per dollar')} error={rateError}>
          <input
            id="payout-rate"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.0001"
            className={`${inputStyles} max-w-48`}
            value={rate}
            onChange={(e) => setRate(e.target.value)}
            aria-invalid={rateError ? true : undefined}
            aria-describedby={`payout-rate-hint${rateError ? ' payout-rate-error' : ''}`}
          />
          <p id="payout-rate-hint" className="mt-1 text-sm text-stone-600">
            {needsRate
              ? t('Needed: some balances are in dollars. They are paid in birr at this rate.')
              : t('Only needed when a balance is in dollars.')}
          </p>
        </Field>
        <Field id="payout-note" label={t('Note (optional)')} error={noteError}>
          <textarea
            id="payout-note"
            rows={2}
            maxLength={500}
            className={inputStyles}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? 'payout-note-error' : undefined}
          />
        </Field>
        <div aria-live="polite">
          {done && (
            <Alert tone="success">
              {t('Payout run created: {{count}} payouts, {{amount}} in total.', {
                count: done.count,
                amount: formatAmount(done.total, 'ETB'),
              })}
            </Alert>
          )}
          {create.isError && (
            <Alert tone="error">
              {create.error instanceof ApiError && !Object.keys(errors).length
                ? t(create.error.message)
                : t('The payout run could not be created.')}
            </Alert>
          )}
        </div>
        <button type="submit" className={buttonStyles.primary} disabled={create.isPending}>
          {create.isPending ? t('Creating…') : t('Review the payout run')}
        </button>
      </form>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={t('Pay these tutors?')}>
        {confirming && <RunPreview data={data} preview={preview} />}
        <div className="flex flex-wrap gap-2">
          {payable && (
            <button type="button" className={buttonStyles.primary} onClick={onConfirm}>
              {t('Create the payout run')}
            </button>
          )}
          <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(false)}>
            {t('Cancel')}
          </button>
        </div>
      </Dialog>
    </section>
  );
}

/** The screen's answer and its filters, shared by the balances and the payouts tables. */
type TableProps = { data: AdminPayouts; filters: PayoutFilters; setFilters: (f: PayoutFilters) => void };

function EligibleTable({ data, filters, setFilters }: TableProps) {
  const { t } = useTranslation('earnings');
  const columns: Column<Eligible>[] = [
    { header: t('Tutor'), cell: (e) => e.tutor.name, stack: true },
    {
      header: t('Available'),
      end: true,
      className: 'whitespace-nowrap',
      cell: (e) => formatAmount(e.available_cents, e.currency),
    },
    {
      header: t('Payout method'),
      cell: (e) => (e.has_method ? t('Set') : t('Not set: cannot be paid')),
    },
  ];
  return (
    <section aria-labelledby="payout-eligible" className="space-y-3" data-testid="payout-eligible">
      <h2 id="payout-eligible" className="text-lg font-semibold">
        {t('Available balances')}
      </h2>
      {data.eligible_totals.length > 0 && (
        <ul className="space-y-1 text-sm" data-testid="payout-eligible-totals">
          {data.eligible_totals.map((c) => (
            <li key={c.currency}>
              {t(
                'In {{currency}}: {{count}} balances, {{amount}}; with a payout method: {{ready}}, {{readyAmount}}.',
                {
                  currency: c.currency,
                  count: c.count,
                  amount: formatAmount(c.available_cents, c.currency),
                  ready: c.with_method_count,
                  readyAmount: formatAmount(c.with_method_cents, c.currency),
                },
              )}
            </li>
          ))}
        </ul>
      )}
      <DataTable
        caption={t('Available balances')}
        columns={columns}
        rows={data.eligible}
        rowKey={(e) => `${e.tutor.id}-${e.currency}`}
        rowTestId="payout-eligible-row"
        empty={t('No tutor has an available balance.')}
        paging={{
          page: data.eligible_page,
          pages: Math.max(1, Math.ceil(data.eligible_count / ELIGIBLE_PAGE_SIZE)),
          total: t('{{count}} balances', { count: data.eligible_count }),
          onPage: (p) => setFilters({ ...filters, eligible_page: p }),
        }}
      />
    </section>
  );
}

function Runs({ data }: { data: AdminPayouts }) {
  const { t } = useTranslation('earnings');
  const dates = useDates();
  const [failed, setFailed] = useState(false);
  const columns: Column<AdminPayouts['runs'][number]>[] = [
    { header: t('Created'), cell: (r) => dates.format(r.created_at, 'dateTime') },
    { header: t('Rail'), cell: (r) => (r.rail === 'chapa' ? t('Chapa Transfers') : t('Manual bank file')) },
    { header: t('Birr per dollar'), cell: (r) => r.etb_per_usd ?? '—' },
    { header: t('Payouts'), end: true, cell: (r) => r.count },
    {
      header: t('Total'),
      end: true,
      className: 'whitespace-nowrap',
      cell: (r) => formatAmount(r.total_etb_cents, 'ETB'),
    },
    {
      header: t('Bank file'),
      hideHeader: true,
      cell: (r) =>
        r.rail === 'manual' ? (
          <button
            type="button"
            className="font-semibold text-brand-700 underline"
            onClick={() => {
              setFailed(false);
              downloadBankFile(r.id).catch(() => setFailed(true));
            }}
          >
            {t('Download bank file')}
          </button>
        ) : null,
    },
  ];
  return (
    <section aria-labelledby="payout-runs" className="space-y-3">
      <h2 id="payout-runs" className="text-lg font-semibold">
        {t('Payout runs')}
      </h2>
      {failed && <Alert tone="error">{t('The bank file could not be downloaded.')}</Alert>}
      <DataTable
        caption={t('Payout runs')}
        columns={columns}
        rows={data.runs}
        rowKey={(r) => r.id}
        rowTestId="payout-run"
        empty={t('No payout run yet.')}
      />
    </section>
  );
}

function PayoutActions({ payout }: { payout: Payout }) {
  const { t } = useTranslation('earnings');
  const retry = useRetryPayout();
  const mark = useMarkPayout();
  const [marking, setMarking] = useState<'paid' | 'failed' | null>(null);
  const [reason, setReason] = useState('');
  const busy = retry.isPending || mark.isPending;
  const error = retry.error ?? mark.error;
  return (
    <div className="flex flex-wrap gap-2">
      {payout.status === 'failed' && (
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={busy}
          onClick={() => retry.mutate(payout.id)}
        >
          {t('Retry')}
        </button>
      )}
      {payout.status === 'pending' && payout.rail === 'manual' && (
        <>
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={busy}
            onClick={() => setMarking('paid')}
          >
            {t('Mark paid')}
          </button>
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={busy}
            onClick={() => setMarking('failed')}
          >
            {t('Mark failed')}
          </button>
        </>
      )}
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error instanceof ApiError ? t(error.message) : t('That did not work. Please try again.')}
        </p>
      )}
      <Dialog
        open={marking !== null}
        onClose={() => setMarking(null)}
        title={marking === 'paid' ? t('Mark this payout paid?') : t('Mark this payout failed?')}
      >
        <p className="mb-3 break-words">
          {t('{{tutor}}: {{amount}} to {{account}}', {
            tutor: payout.tutor.name,
            amount: formatAmount(payout.payout_amount_cents, payout.payout_currency),
            account: `${payout.method.bank_name} ${payout.method.account_number_masked}`,
          })}
        </p>
        {marking === 'failed' && (
          <div className="mb-4">
            <Field id={`payout-reason-${payout.id}`} label={t('Reason (optional)')}>
              <input
                id={`payout-reason-${payout.id}`}
                className={inputStyles}
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </Field>
            <p className="mt-1 text-sm text-stone-600">
              {t('The amount returns to the tutor’s available balance.')}
            </p>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonStyles.primary}
            onClick={() => {
              const outcome = marking ?? 'paid';
              setMarking(null);
              mark.mutate({ id: payout.id, outcome, reason: reason.trim() || undefined });
            }}
          >
            {marking === 'paid' ? t('Mark paid') : t('Mark failed')}
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={() => setMarking(null)}>
            {t('Cancel')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}

function PayoutsTable({ data, filters, setFilters }: TableProps) {
  const { t } = useTranslation('earnings');
  const dates = useDates();
  const columns: Column<Payout>[] = [
    { header: t('Created'), cell: (p) => dates.format(p.created_at, 'dateTime') },
    { header: t('Tutor'), cell: (p) => p.tutor.name, stack: true },
    {
      header: t('Amount'),
      end: true,
      className: 'whitespace-nowrap',
      cell: (p) => (
        <>
          <span className="block">{formatAmount(p.payout_amount_cents, p.payout_currency)}</span>
          {p.currency !== p.payout_currency && (
            <span className="block text-stone-600">
              {formatAmount(p.amount_cents, p.currency)}
              {p.fx_rate ? ` × ${p.fx_rate}` : ''}
            </span>
          )}
        </>
      ),
    },
    {
      header: t('Paid to'),
      stack: true,
      cell: (p) => (
        <>
          <span className="block">
            {p.method.kind === 'bank' ? p.method.bank_name : t(kindLabels[p.method.kind] ?? p.method.kind)}{' '}
            {p.method.account_number_masked}
          </span>
          <span className="block break-words text-stone-600">{p.method.account_name}</span>
        </>
      ),
    },
    {
      header: t('Status'),
      stack: true,
      cell: (p) => (
        <>
          <span className="block font-medium">{t(statusLabels[p.status])}</span>
          {p.status === 'paid' && p.paid_at && (
            <span className="block text-stone-600">{dates.format(p.paid_at, 'dateTime')}</span>
          )}
          {p.failure_reason && <span className="block break-words text-red-700">{p.failure_reason}</span>}
        </>
      ),
    },
    { header: t('Actions'), hideHeader: true, cell: (p) => <PayoutActions payout={p} /> },
  ];
  const page = filters.page ?? 1;
  return (
    <section aria-labelledby="payout-list" className="space-y-3">
      <h2 id="payout-list" className="text-lg font-semibold">
        {t('Payouts')}
      </h2>
      <div>
        <label htmlFor="payout-status" className="mb-1 block text-sm font-medium">
          {t('Status')}
        </label>
        <select
          id="payout-status"
          className={`${inputStyles} max-w-xs`}
          value={filters.status ?? ''}
          onChange={(e) =>
            setFilters({ ...filters, status: (e.target.value || undefined) as Status | undefined, page: 1 })
          }
        >
          <option value="">{t('All')}</option>
          {payoutStatuses.map((s) => (
            <option key={s} value={s}>
              {t(statusLabels[s])}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        caption={t('Payouts')}
        columns={columns}
        rows={data.results}
        rowKey={(p) => p.id}
        rowTestId="payout-row"
        empty={t('No payouts.')}
        paging={{
          page,
          pages: Math.max(1, Math.ceil(data.count / PAYOUTS_PAGE_SIZE)),
          total: t('{{count}} payouts', { count: data.count }),
          onPage: (p) => setFilters({ ...filters, page: p }),
        }}
      />
    </section>
  );
}

/**
 * Admin → Payouts (issue 27 item 4, decisions 237 and 244): the rail, a page of the balances with every
 * currency's totals, a new run (confirmed with the server's preview of every balance), runs and payouts.
 */
export function PayoutsScreen() {
  const { t } = useTranslation('earnings');
  const [filters, setFilters] = useState<PayoutFilters>({});
  const query = usePayouts(filters);
  if (query.isPending) return <Spinner label={t('Loading payouts…')} />;
  if (query.isError)
    return <Alert tone="error">{t('We could not load the payouts. Please try again.')}</Alert>;
  return (
    <div className="space-y-10">
      <Rail data={query.data} />
      <EligibleTable data={query.data} filters={filters} setFilters={setFilters} />
      <NewRun data={query.data} />
      <Runs data={query.data} />
      <PayoutsTable data={query.data} filters={filters} setFilters={setFilters} />
    </div>
  );
}
