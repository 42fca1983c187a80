import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReportedConversation, ReportStatus } from '@tibeb/domain/messages/reports';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { pagingIfMany } from '../../../components/ui/use-list-params.ts';
import { useDates } from '../../../lib/dates.ts';
import { useReportedList } from '../api/list-reported.ts';

const PAGE_SIZE = 25;

export const statusBadge: Record<ReportStatus, string> = {
  open: 'bg-amber-100 text-amber-900',
  resolved: 'bg-green-100 text-green-800',
};

/**
 * The queue of reported conversations (issue 31 item 7): only conversations someone in them reported, open ones
 * first. No message text here: an admin reads a conversation by opening it, and that read is recorded.
 */
export function ReportedList() {
  const { t } = useTranslation('admin-extra');
  const dates = useDates();
  const [page, setPage] = useState(1);
  const query = useReportedList({ page, page_size: PAGE_SIZE });
  const statusLabel: Record<ReportStatus, string> = { open: t('Open'), resolved: t('Resolved') };

  const columns: Column<ReportedConversation>[] = [
    {
      header: t('Conversation'),
      stack: true,
      cell: (c) => (
        <Link
          to={`/admin/reported-conversations/${c.id}`}
          className="font-medium text-brand-700 underline [overflow-wrap:anywhere]"
        >
          {t('{{tutor}} and {{family}}', { tutor: c.tutor_name, family: c.family_name })}
        </Link>
      ),
    },
    {
      header: t('Status'),
      cell: (c) => (
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusBadge[c.status]}`}>
          {statusLabel[c.status]}
        </span>
      ),
    },
    { header: t('Open reports'), end: true, cell: (c) => c.open_reports },
    {
      header: t('Last report'),
      cell: (c) => <time dateTime={c.last_report_at}>{dates.format(c.last_report_at, 'dayTime')}</time>,
    },
  ];

  return (
    <DataTable
      caption={t('Reported conversations')}
      columns={columns}
      rows={query.data?.results}
      rowKey={(c) => c.id}
      rowTestId="reported-row"
      loading={query.isPending}
      loadingLabel={t('Loading reports...')}
      error={query.isError ? t('We could not load the reports. Please try again.') : undefined}
      empty={t('No conversation has been reported.')}
      paging={pagingIfMany(query.data?.count, PAGE_SIZE, page, setPage, (count) =>
        t('{{count}} conversations', { count }),
      )}
    />
  );
}
