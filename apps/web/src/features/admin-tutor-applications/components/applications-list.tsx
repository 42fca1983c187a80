import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ADMIN_APPLICATIONS_PAGE_SIZE,
  applicationStatuses,
  type AdminApplicationList,
  type ApplicationStatus,
} from '@tibeb/domain/tutoring/contracts';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list-toolbar.tsx';
import { useListParams } from '../../../components/ui/use-list-params.ts';
import { useDates } from '../../../lib/dates.ts';
import { useApplications } from '../api/list-applications.ts';
import { statusLabels } from './status.ts';

type Row = AdminApplicationList['results'][number];

/** Admin → Tutor applications: newest first, filtered by state, 20 a page; the address keeps both. */
export function ApplicationsList() {
  const { t } = useTranslation('applications');
  const dates = useDates();
  const list = useListParams();
  const raw = list.get('status');
  const status = (applicationStatuses as readonly string[]).includes(raw)
    ? (raw as ApplicationStatus)
    : undefined;
  const query = useApplications({ status, page: list.page });
  const count = query.data?.count;
  const total =
    count === undefined
      ? undefined
      : count === 1
        ? t('1 application')
        : t('{{count}} applications', { count });

  const columns: Column<Row>[] = [
    {
      header: t('Applicant'),
      stack: true,
      cell: (r) => (
        <span className="block min-w-0">
          <Link
            to={`/admin/tutor-applications/${r.id}`}
            className="block font-semibold text-brand-700 underline [overflow-wrap:anywhere]"
          >
            {r.full_name}
          </Link>
          <span className="block text-stone-600 [overflow-wrap:anywhere]">{r.email}</span>
          <span className="block text-stone-600 [overflow-wrap:anywhere]">
            {r.city} · {r.subjects.join(', ')}
          </span>
        </span>
      ),
    },
    { header: t('Status'), cell: (r) => t(statusLabels[r.status]) },
    {
      header: t('E-mail confirmed'),
      cell: (r) => (r.email_verified ? t('Yes') : t('No')),
    },
    { header: t('Documents'), cell: (r) => String(r.documents_count), end: true },
    {
      header: t('Submitted'),
      cell: (r) => dates.format(r.submitted_at, 'dateMedium'),
      className: 'whitespace-nowrap',
    },
  ];

  return (
    <div className="space-y-4">
      <ListToolbar
        filters={[
          list.filter('status', {
            type: 'select',
            id: 'applications-status',
            label: t('Status'),
            options: [
              { value: '', label: t('All states') },
              ...applicationStatuses.map((s) => ({ value: s, label: t(statusLabels[s]) })),
            ],
          }),
        ]}
        count={total}
      />
      <DataTable
        caption={t('Tutor applications')}
        columns={columns}
        rows={query.data?.results}
        rowKey={(r) => r.id}
        rowTestId="application-row"
        loading={query.isPending}
        loadingLabel={t('Loading applications…')}
        error={query.isError ? t('We could not load the applications. Please try again.') : undefined}
        empty={t('No applications found.')}
        paging={list.paging(count, ADMIN_APPLICATIONS_PAGE_SIZE, total)}
      />
    </div>
  );
}
