import { Pager } from '../../../components/ui/pager.tsx';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminTutors } from '../api/list-tutors.ts';

const PAGE_SIZE = 20;
const money = (n: number) => `$${n.toFixed(2)}`;

/**
 * Manage Tutors: every profile, published or not; search by name or subject, filter by publication, paged in
 * the browser (the list is small). Rows are cards at phone width. The URL keeps the filters.
 */
export function TutorsList() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const published = params.get('published') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const query = useAdminTutors({
    q: q || undefined,
    published: published === 'true' || published === 'false' ? published : undefined,
  });
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
  const all = query.data ?? [];
  const pages = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
  const rows = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <form onSubmit={onSearch} role="search" className="flex w-full min-w-0 gap-2 sm:w-auto sm:flex-1">
          <label htmlFor="tutors-search" className="sr-only">
            {t('Search tutors')}
          </label>
          <input
            id="tutors-search"
            type="search"
            className={`${inputStyles} min-w-0 flex-1`}
            placeholder={t('Search by name or subject')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <button type="submit" className={buttonStyles.secondary}>
            {t('Search')}
          </button>
        </form>
        <div>
          <label htmlFor="tutors-published" className="sr-only">
            {t('Publication')}
          </label>
          <select
            id="tutors-published"
            className={inputStyles}
            value={published}
            onChange={(e) => update({ published: e.target.value, page: '' })}
          >
            <option value="">{t('Published and hidden')}</option>
            <option value="true">{t('Published')}</option>
            <option value="false">{t('Hidden')}</option>
          </select>
        </div>
      </div>
      {query.isPending ? (
        <Spinner label={t('Loading tutors...')} />
      ) : query.isError ? (
        <Alert tone="error">{t('We could not load the tutors. Please try again.')}</Alert>
      ) : rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-stone-600">
          {t('No tutors found.')}
        </p>
      ) : (
        <ul
          className="grid gap-3 md:block md:divide-y md:divide-stone-200 md:rounded-xl md:border md:border-stone-200 md:bg-white"
          aria-label={t('Tutors')}
        >
          {rows.map((tutor) => (
            <li
              key={tutor.id}
              className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4 md:flex-row md:items-center md:gap-4 md:rounded-none md:border-0 md:px-4 md:py-3"
            >
              <div className="flex min-w-0 flex-1 items-center gap-3">
                {tutor.profile_image ? (
                  <img
                    src={tutor.profile_image}
                    alt=""
                    className="h-12 w-12 shrink-0 rounded-full bg-stone-100 object-cover"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-800"
                  >
                    {tutor.full_name.slice(0, 1)}
                  </span>
                )}
                <div className="min-w-0">
                  <p className="font-semibold break-words text-stone-900">{tutor.full_name}</p>
                  <p className="text-sm text-stone-600">
                    {tutor.subject} ·{' '}
                    {t('Grades {{from}}–{{to}}', {
                      from: tutor.grade_from === 0 ? t('KG') : tutor.grade_from,
                      to: tutor.grade_to,
                    })}
                  </p>
                </div>
              </div>
              <p className="text-sm md:w-24">{t('{{amount}}/hr', { amount: money(tutor.hourly_rate) })}</p>
              <p className="text-sm md:w-24">
                {tutor.is_published ? (
                  <span className="text-emerald-700">{t('Published')}</span>
                ) : (
                  <span className="text-stone-600">{t('Hidden')}</span>
                )}
              </p>
              <p className="flex gap-4 text-sm">
                <Link to={`/admin/tutors/${tutor.id}/view`} className="text-brand-700 underline">
                  {t('View')} <span className="sr-only">{tutor.full_name}</span>
                </Link>
                <Link to={`/admin/tutors/${tutor.id}/edit`} className="text-brand-700 underline">
                  {t('Edit')} <span className="sr-only">{tutor.full_name}</span>
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
      {all.length > 0 && (
        <Pager
          page={page}
          pages={pages}
          total={all.length === 1 ? t('1 tutor') : t('{{count}} tutors', { count: all.length })}
          onPage={(p) => update({ page: String(p) })}
        />
      )}
    </div>
  );
}
