import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  adminReservationStatuses,
  type AdminReservationRow,
} from '@tibeb/domain/admin-reservations/contract';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list-toolbar.tsx';
import { pageCount, useListParams } from '../../../components/ui/use-list-params.ts';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useAdminReservations } from '../api/list-reservations.ts';
import { checkMessages } from '../utils/messages.ts';
import { eatDateTime, longDate, money, statusLabels } from './format.ts';
import { StatusBadge } from './status-badge.tsx';
import { TutorFilter } from './tutor-filter.tsx';

const PAGE_SIZE = 20;

/**
 * Reservations: status, a date range of the sessions (EAT), a tutor (found by a search) and a family or student
 * search, paged by the server; the URL keeps the filters. Rows are cards at phone width.
 */
export function ReservationsList() {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const { get, page, update } = useListParams();
  const query = useAdminReservations({
    status: get('status') || undefined,
    tutor_id: Number(get('tutor_id')) || undefined,
    from: get('from') || undefined,
    to: get('to') || undefined,
    q: get('q') || undefined,
    page,
    page_size: PAGE_SIZE,
  });
  const count = query.data?.count;
  const total = count === undefined ? undefined : t('{{count}} reservations', { count });
  const labels = statusLabels(t);

  const columns: Column<AdminReservationRow>[] = [
    {
      header: t('Family'),
      cell: (r) => (
        <>
          <span className="block">
            <span className="font-semibold text-stone-900">{r.family_name}</span>{' '}
            <span className="text-stone-600">{t('for {{student}}', { student: r.student_name })}</span>
          </span>
          <span className="block break-all text-stone-600">{r.family_email}</span>
        </>
      ),
    },
    {
      header: t('Status'),
      cell: (r) => (
        <span className="inline-flex flex-wrap items-center gap-1">
          <StatusBadge status={r.status} />
          {/* A trial lesson (decision 273). */}
          {r.kind === 'trial' && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {t('Trial')}
            </span>
          )}
        </span>
      ),
    },
    { header: t('Tutor'), cell: (r) => `${r.tutor_name}${r.subject ? ` · ${r.subject}` : ''}` },
    {
      header: t('Starts'),
      cell: (r) =>
        `${longDate(r.date, dates)} ${r.time} EAT · ${t('{{minutes}} min', { minutes: r.duration_minutes })}`,
    },
    {
      header: t('Next'),
      cell: (r) => (r.next_session_at ? `${eatDateTime(r.next_session_at, dates)} EAT` : '—'),
    },
    {
      header: t('Amount'),
      cell: (r) => `${money(r.amount, r.currency)} · ${t('{{count}} sessions', { count: r.sessions_count })}`,
    },
    {
      header: t('Actions'),
      hideHeader: true,
      cell: (r) => (
        <span className="flex flex-wrap justify-end gap-x-4 gap-y-1 md:justify-start">
          <Link to={`/admin/reservation/details/${r.id}`} className="text-brand-700 underline">
            {t('Details')}{' '}
            <span className="sr-only">{t("of {{family}}'s reservation", { family: r.family_name })}</span>
          </Link>
          <Link to={`/admin/reservation/${r.id}/edit`} className="text-brand-700 underline">
            {t('Move or cancel')}{' '}
            <span className="sr-only">
              {t("sessions of {{family}}'s reservation", { family: r.family_name })}
            </span>
          </Link>
        </span>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <ListToolbar
        search={{
          id: 'reservations-search',
          label: t('Search by family or student'),
          placeholder: t('Family name, e-mail or student'),
          button: t('Search'),
          value: get('q'),
          onSearch: (text) => update({ q: text }),
        }}
        filters={[
          {
            type: 'select',
            id: 'reservations-status',
            label: t('Status'),
            value: get('status'),
            onChange: (value) => update({ status: value }),
            options: [
              { value: '', label: t('All statuses') },
              ...adminReservationStatuses.map((s) => ({ value: s, label: labels[s] ?? s })),
            ],
          },
          {
            type: 'date',
            id: 'reservations-from',
            label: t('Sessions from'),
            value: get('from'),
            onChange: (value) => update({ from: value }),
          },
          {
            type: 'date',
            id: 'reservations-to',
            label: t('to'),
            value: get('to'),
            onChange: (value) => update({ to: value }),
          },
        ]}
        actions={<TutorFilter value={get('tutor_id')} onChange={(value) => update({ tutor_id: value })} />}
        count={total}
      />
      <DataTable
        caption={t('Reservations')}
        columns={columns}
        rows={query.data?.results}
        rowKey={(r) => r.id}
        loading={query.isPending}
        loadingLabel={t('Loading reservations...')}
        error={
          query.isError
            ? [
                translateAnswer(t, query.error) ?? t('Something went wrong.'),
                ...checkMessages(query.error).map((m) => t(m)),
              ].join(' ')
            : undefined
        }
        empty={t('No reservations match these filters.')}
        paging={{
          page,
          pages: pageCount(count ?? 0, PAGE_SIZE),
          total,
          onPage: (p) => update({ page: String(p) }),
        }}
      />
    </div>
  );
}
