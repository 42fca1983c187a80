import { Pager } from '../../../components/ui/pager.tsx';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { roles } from '@tibeb/domain/accounts/roles';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useUsers } from '../api/list-users.ts';
import { cardTable as t } from './card-table.ts';

const PAGE_SIZE = 20;

/** Manage Users: search, filter by role, page; the URL keeps the filters (shareable, back button works). */
export function UsersList() {
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
            Search users
          </label>
          <input
            id="users-search"
            type="search"
            className={`${inputStyles} min-w-0 flex-1`}
            placeholder="Search by username, email or name"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <button type="submit" className={buttonStyles.secondary}>
            Search
          </button>
        </form>
        <div>
          <label htmlFor="users-role" className="sr-only">
            Role
          </label>
          <select
            id="users-role"
            className={inputStyles}
            value={role}
            onChange={(e) => update({ role: e.target.value, page: '' })}
          >
            <option value="">All roles</option>
            {roles.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
      </div>
      {query.isPending ? (
        <Spinner label="Loading..." />
      ) : query.isError ? (
        <Alert tone="error">We could not load the users. Please try again.</Alert>
      ) : query.data.results.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-stone-600">
          No users found.
        </p>
      ) : (
        <div className={t.wrap}>
          <table className={t.table}>
            <caption className="sr-only">Users</caption>
            <thead className={t.thead}>
              <tr>
                <th scope="col" className={t.th}>
                  Username
                </th>
                <th scope="col" className={t.th}>
                  Email
                </th>
                <th scope="col" className={t.th}>
                  Role
                </th>
                <th scope="col" className={t.th}>
                  Status
                </th>
                <th scope="col" className={t.th}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className={t.tbody}>
              {query.data.results.map((u) => (
                <tr key={u.id} className={t.tr}>
                  <td className={`${t.td} font-medium`} data-label="Username">
                    {u.username}
                  </td>
                  <td className={`${t.td} break-all`} data-label="Email">
                    {u.email}
                  </td>
                  <td className={t.td} data-label="Role">
                    {u.role}
                  </td>
                  <td className={t.td} data-label="Status">
                    {u.is_active ? (
                      <span className="text-emerald-700">Active</span>
                    ) : (
                      <span className="text-stone-500">Deactivated</span>
                    )}
                  </td>
                  <td className={`${t.td} whitespace-nowrap md:text-right`} data-label="Actions">
                    <Link to={`/admin/users/${u.id}/view`} className="mr-3 text-brand-700 underline">
                      View<span className="sr-only"> {u.username}</span>
                    </Link>
                    <Link to={`/admin/users/${u.id}/edit`} className="text-brand-700 underline">
                      Edit<span className="sr-only"> {u.username}</span>
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
          total={`${query.data.count} users`}
          onPage={(p) => update({ page: String(p) })}
        />
      )}
    </div>
  );
}
