import { useTranslation } from 'react-i18next';
import type { AdminTutorListItem } from '@tibeb/domain/tutors/profile';
import { DataTable, OnOff, ViewEditLinks, type Column } from '../../../components/ui/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list-toolbar.tsx';
import { useListParams } from '../../../components/ui/use-list-params.ts';
import { useAdminTutors } from '../api/list-tutors.ts';

const PAGE_SIZE = 20;
const money = (n: number) => `$${n.toFixed(2)}`;

/**
 * Manage Tutors: every profile, published or not; search by name or subject, filter by publication, paged on the
 * server (decision 243: 20,000 tutors at the growth size). Rows are cards at phone width. The URL keeps the
 * filters and the page.
 */
export function TutorsList() {
  const { t } = useTranslation('admin');
  const list = useListParams();
  const published = list.get('published');
  const query = useAdminTutors({
    q: list.get('q') || undefined,
    published: published === 'true' || published === 'false' ? published : undefined,
    page: list.page,
    page_size: PAGE_SIZE,
  });
  const count = query.data?.count;
  const total =
    count === undefined ? undefined : count === 1 ? t('1 tutor') : t('{{count}} tutors', { count });

  const columns: Column<AdminTutorListItem>[] = [
    {
      header: t('Tutor'),
      cell: (tutor) => (
        <span className="flex items-center gap-3 text-left">
          {tutor.profile_image ? (
            <img
              src={tutor.profile_image}
              alt=""
              className="h-10 w-10 shrink-0 rounded-full bg-stone-100 object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-800"
            >
              {tutor.full_name.slice(0, 1)}
            </span>
          )}
          <span className="min-w-0">
            <span className="block font-semibold text-stone-900">{tutor.full_name}</span>
            <span className="block text-stone-600">
              {tutor.subject} ·{' '}
              {t('Grades {{from}}–{{to}}', {
                from: tutor.grade_from === 0 ? t('KG') : tutor.grade_from,
                to: tutor.grade_to,
              })}
            </span>
          </span>
        </span>
      ),
      stack: true,
    },
    {
      header: t('Hourly rate'),
      cell: (tutor) => t('{{amount}}/hr', { amount: money(tutor.hourly_rate) }),
      className: 'whitespace-nowrap',
    },
    {
      header: t('Publication'),
      cell: (tutor) => <OnOff on={tutor.is_published} onText={t('Published')} offText={t('Draft')} />,
    },
    {
      header: t('Actions'),
      hideHeader: true,
      end: true,
      className: 'whitespace-nowrap',
      cell: (tutor) => (
        <ViewEditLinks
          base="/admin/tutors"
          id={tutor.id}
          name={tutor.full_name}
          view={t('View')}
          edit={t('Edit')}
        />
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <ListToolbar
        search={list.search({
          id: 'tutors-search',
          label: t('Search tutors'),
          placeholder: t('Search by name or subject'),
          button: t('Search'),
        })}
        filters={[
          list.filter('published', {
            type: 'select',
            id: 'tutors-published',
            label: t('Publication'),
            options: [
              { value: '', label: t('Published and drafts') },
              { value: 'true', label: t('Published') },
              { value: 'false', label: t('Drafts') },
            ],
          }),
        ]}
        count={total}
      />
      <DataTable
        caption={t('Tutors')}
        columns={columns}
        rows={query.data?.results}
        rowKey={(tutor) => tutor.id}
        loading={query.isPending}
        loadingLabel={t('Loading tutors...')}
        error={query.isError ? t('We could not load the tutors. Please try again.') : undefined}
        empty={t('No tutors found.')}
        paging={list.paging(count, PAGE_SIZE, total)}
      />
    </div>
  );
}
