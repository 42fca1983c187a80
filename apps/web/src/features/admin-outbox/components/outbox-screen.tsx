import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEat } from '@tibeb/domain/admin/format';
import { outboxStates, type OutboxMessage, type OutboxState } from '@tibeb/domain/admin/outbox';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list-toolbar.tsx';
import { pagingIfMany } from '../../../components/ui/use-list-params.ts';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useOutbox } from '../api/list-outbox.ts';
import { useResendMail } from '../api/resend-mail.ts';

const PAGE_SIZE = 25;

const badge: Record<OutboxState, string> = {
  pending: 'bg-stone-100 text-stone-800',
  failing: 'bg-amber-100 text-amber-900',
  given_up: 'bg-red-100 text-red-800',
  sent: 'bg-green-100 text-green-800',
};

/**
 * The mail outbox (issue 29 item 4): every e-mail the site queued, with its state: waiting, failing (retried
 * with a growing delay for three days), given up, or sent. A failing or given-up one can be sent again now.
 */
export function OutboxScreen() {
  const { t } = useTranslation('admin-extra');
  const dates = useDates();
  const [state, setState] = useState<OutboxState | ''>('');
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState<OutboxMessage | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const query = useOutbox({ state: state || undefined, page, page_size: PAGE_SIZE });
  const resend = useResendMail();

  const stateLabel: Record<OutboxState, string> = {
    pending: t('Waiting'),
    failing: t('Failing'),
    given_up: t('Given up'),
    sent: t('Sent'),
  };

  const onResend = (mail: OutboxMessage) => {
    setAsking(null);
    setMessage(null);
    resend.mutate(mail.id, {
      onSuccess: () =>
        setMessage({
          tone: 'success',
          text: t('The e-mail to {{recipient}} will be sent again within a few seconds.', {
            recipient: mail.recipient,
          }),
        }),
      onError: (err) =>
        setMessage({
          tone: 'error',
          text: translateAnswer(t, err) ?? t('Network error. Please try again later.'),
        }),
    });
  };

  const columns: Column<OutboxMessage>[] = [
    {
      header: t('Queued'),
      cell: (m) => (
        <time className="whitespace-nowrap" dateTime={m.queued_at}>
          {formatEat(m.queued_at, dates)}
        </time>
      ),
    },
    {
      header: t('E-mail'),
      stack: true,
      cell: (m) => (
        <>
          <span className="block font-medium">{m.subject}</span>
          <span className="block text-stone-600">{m.recipient}</span>
        </>
      ),
    },
    {
      header: t('State'),
      cell: (m) => (
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge[m.state]}`}>
          {stateLabel[m.state]}
        </span>
      ),
    },
    {
      header: t('Tries'),
      stack: true,
      cell: (m) => (
        <>
          <span className="block">{m.attempts}</span>
          {m.last_error && <span className="block text-stone-600">{m.last_error}</span>}
        </>
      ),
    },
    {
      header: t('Next try / sent'),
      cell: (m) =>
        m.sent_at ? (
          <time dateTime={m.sent_at}>{formatEat(m.sent_at, dates)}</time>
        ) : m.next_try_at ? (
          <time dateTime={m.next_try_at}>{formatEat(m.next_try_at, dates)}</time>
        ) : (
          t('Not tried again until resent')
        ),
    },
    {
      header: t('Actions'),
      hideHeader: true,
      end: true,
      cell: (m) =>
        m.state === 'failing' || m.state === 'given_up' ? (
          <button
            type="button"
            className="font-medium text-brand-700 underline disabled:opacity-50"
            disabled={resend.isPending}
            onClick={() => setAsking(m)}
          >
            {resend.isPending && resend.variables === m.id ? t('Sending...') : t('Resend')}
            <span className="sr-only"> {m.subject}</span>
          </button>
        ) : null,
    },
  ];

  return (
    <section aria-labelledby="outbox-heading" className="space-y-3">
      <div className="min-w-0 max-w-2xl">
        <h2 id="outbox-heading" className="text-lg font-semibold text-brand-800">
          {t('Mail outbox')}
        </h2>
        <p className="text-sm text-stone-600">
          {t(
            'An e-mail that fails is tried again, less and less often, for three days; then it is given up and waits here. Resend it once the mail server works again.',
          )}
        </p>
      </div>
      <ListToolbar
        filters={[
          {
            type: 'select',
            id: 'outbox-state',
            label: t('Which e-mails'),
            value: state,
            onChange: (value) => {
              setState(value as OutboxState | '');
              setPage(1);
            },
            options: [
              { value: '', label: t('All e-mails') },
              ...outboxStates.map((s) => ({ value: s, label: stateLabel[s] })),
            ],
          },
        ]}
      />
      <div aria-live="polite">{message && <Alert tone={message.tone}>{message.text}</Alert>}</div>
      <DataTable
        caption={t('Mail outbox')}
        columns={columns}
        rows={query.data?.results}
        rowKey={(m) => m.id}
        rowTestId="outbox-row"
        loading={query.isPending}
        loadingLabel={t('Loading e-mails...')}
        error={query.isError ? t('We could not load the e-mails. Please try again.') : undefined}
        empty={t('No e-mails here.')}
        paging={pagingIfMany(query.data?.count, PAGE_SIZE, page, setPage, (count) =>
          t('{{count}} e-mails', { count }),
        )}
      />
      <ConfirmDialog
        open={asking !== null}
        title={t('Send this e-mail again?')}
        message={
          asking
            ? t('“{{subject}}” to {{recipient}} will be sent again now, with its tries counted afresh.', {
                subject: asking.subject,
                recipient: asking.recipient,
              })
            : ''
        }
        confirm={t('Resend')}
        cancel={t('Cancel')}
        onConfirm={() => asking && onResend(asking)}
        onClose={() => setAsking(null)}
      />
    </section>
  );
}
