import { Pager } from '../../../components/ui/pager.tsx';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { roles } from '@tibeb/domain/accounts/roles';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useUsers } from '../api/list-users.ts';
import { cardTable as ct } from '../../../components/ui/card-table.tsx';

const PAGE_SIZE = 20;

/** Manage Users: search, filter by role, page; the URL keeps the filters (shareable, back button works). */
export function UsersList() {
  // Roles are named as the sign-in pages name them ('auth').
  const { t } = useTranslation(['admin', 'auth'], { nsMode: 'fallback' });
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const role = params.get('role') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const query = useUsers({ q: q || undefined, role: role || undefined, page, page_size: PAGE_SIZE });

  const update = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    setParams(merged, { replace: true });
  };
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: search.trim(), page: '' });
  };
  const pages = query.data ? Math.max(1, Math.ceil(query.data.count / PAGE_SIZE)) : 1;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <form
          onSubmit={onSearch}
          role="search"
          className="flex min-w-0 flex-1 basis-full gap-2 sm:basis-auto"
        >
          <label htmlFor="users-search" className="sr-only">
            {t('Search users')}
          </label>
          <input
            id="users-search"
            type="search"
            className={`${inputStyles} min-w-0 flex-1`}
            placeholder={t('Search by username, email or name')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <button type="submit" className={buttonStyles.secondary}>
            {t('Search')}
          </button>
        </form>
        <div>
          <label htmlFor="users-role" className="sr-only">
            {t('Role')}
          </label>
          <select
            id="users-role"
            className={inputStyles}
            value={role}
            onChange={(e) => update({ role: e.target.value, page: '' })}
          >
            <option value="">{t('All roles')}</option>
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(r)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {query.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : query.isError ? (
        <Alert tone="error">{t('We could not load the users. Please try again.')}</Alert>
      ) : query.data.results.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-stone-600">
          {t('No users found.')}
        </p>
      ) : (
        <div className={ct.wrap}>
          <table className={ct.table}>
            <caption className="sr-only">{t('Users')}</caption>
            <thead className={ct.thead}>
              <tr>
                <th scope="col" className={ct.th}>
                  {t('Username')}
                </th>
                <th scope="col" className={ct.th}>
                  {t('Email')}
                </th>
                <th scope="col" className={ct.th}>
                  {t('Role')}
                </th>
                <th scope="col" className={ct.th}>
                  {t('Status')}
                </th>
                <th scope="col" className={ct.th}>
                  <span className="sr-only">{t('Actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className={ct.tbody}>
              {query.data.results.map((u) => (
                <tr key={u.id} className={ct.tr}>
                  <td className={`${ct.td} font-medium`} data-label={t('Username')}>
                    {u.username}
                  </td>
                  <td className={`${ct.td} break-all`} data-label={t('Email')}>
                    {u.email}
                  </td>
                  <td className={ct.td} data-label={t('Role')}>
                    {t(u.role)}
                  </td>
                  <td className={ct.td} data-label={t('Status')}>
                    {u.is_active ? (
                      <span className="text-emerald-700">{t('Active')}</span>
                    ) : (
                      <span className="text-stone-500">{t('Deactivated')}</span>
                    )}
                  </td>
                  <td className={`${ct.td} whitespace-nowrap md:text-right`} data-label={t('Actions')}>
                    <Link to={`/admin/users/${u.id}/view`} className="mr-3 text-brand-700 underline">
                      {t('View')}
                      <span className="sr-only"> {u.username}</span>
                    </Link>
                    <Link to={`/admin/users/${u.id}/edit`} className="text-brand-700 underline">
                      {t('Edit')}
                      <span className="sr-only"> {u.username}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.data && query.data.count > 0 && (
        <Pager
          page={page}
          pages={pages}
          total={query.data.count === 1 ? t('1 user') : t('{{count}} users', { count: query.data.count })}
          onPage={(p) => update({ page: String(p) })}
        />
      )}
    </div>
  );
}
