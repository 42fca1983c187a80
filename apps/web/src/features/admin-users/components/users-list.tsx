import { useTranslation } from 'react-i18next';
import type { User } from '@tibeb/domain/accounts/contracts';
import { roles } from '@tibeb/domain/accounts/roles';
import { DataTable, OnOff, ViewEditLinks, type Column } from '../../../components/ui/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list-toolbar.tsx';
import { useListParams } from '../../../components/ui/use-list-params.ts';
import { useUsers } from '../api/list-users.ts';

const PAGE_SIZE = 20;

/** Manage Users: search, filter by role, page; the URL keeps the filters (shareable, back button works). */
export function UsersList() {
  // Roles are named as the sign-in pages name them ('auth').
  const { t } = useTranslation(['admin', 'auth'], { nsMode: 'fallback' });
  const list = useListParams();
  const query = useUsers({
    q: list.get('q') || undefined,
    role: list.get('role') || undefined,
    page: list.page,
    page_size: PAGE_SIZE,
  });
  const count = query.data?.count;
  const total = count === undefined ? undefined : count === 1 ? t('1 user') : t('{{count}} users', { count });

  const columns: Column<User>[] = [
    { header: t('Username'), cell: (u) => <span className="font-medium">{u.username}</span> },
    { header: t('Email'), cell: (u) => u.email, className: 'break-all' },
    { header: t('Role'), cell: (u) => t(u.role) },
    {
      header: t('Status'),
      cell: (u) => <OnOff on={u.is_active} onText={t('Active')} offText={t('Deactivated')} />,
    },
    {
      header: t('Actions'),
      hideHeader: true,
      end: true,
      className: 'whitespace-nowrap',
      cell: (u) => (
        <ViewEditLinks base="/admin/users" id={u.id} name={u.username} view={t('View')} edit={t('Edit')} />
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <ListToolbar
        search={list.search({
          id: 'users-search',
          label: t('Search users'),
          placeholder: t('Search by username, email or name'),
          button: t('Search'),
        })}
        filters={[
          list.filter('role', {
            type: 'select',
            id: 'users-role',
            label: t('Role'),
            options: [{ value: '', label: t('All roles') }, ...roles.map((r) => ({ value: r, label: t(r) }))],
          }),
        ]}
        count={total}
      />
      <DataTable
        caption={t('Users')}
        columns={columns}
        rows={query.data?.results}
        rowKey={(u) => u.id}
        loading={query.isPending}
        loadingLabel={t('Loading...')}
        error={query.isError ? t('We could not load the users. Please try again.') : undefined}
        empty={t('No users found.')}
        paging={list.paging(count, PAGE_SIZE, total)}
      />
    </div>
  );
}
