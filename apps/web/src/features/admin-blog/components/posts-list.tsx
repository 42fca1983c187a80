import { Pager } from '../../../components/ui/pager.tsx';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatEat } from '@tibeb/domain/admin/format';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDates } from '../../../lib/dates.ts';
import { usePosts } from '../api/list-posts.ts';
import { postState, postStateLabel } from './post-editor.tsx';

const stateTone: Record<string, string> = {
  Draft: 'bg-stone-200 text-stone-800',
  Scheduled: 'bg-sky-100 text-sky-800',
  Published: 'bg-emerald-100 text-emerald-800',
};

/** Every post, drafts and scheduled ones included: search, status filter, paging. */
export function PostsList() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const query = usePosts({ status: status || undefined, q: q || undefined, page });
  const dates = useDates();
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
  const pages = query.data ? Math.max(1, Math.ceil(query.data.count / 10)) : 1;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <Link to="/admin/blog/posts/new" className={buttonStyles.primary}>
          {t('Write a post')}
        </Link>
        <form onSubmit={onSearch} role="search" className="flex min-w-0 flex-1 gap-2">
          <label htmlFor="posts-q" className="sr-only">
            {t('Search posts')}
          </label>
          <input
            id="posts-q"
            type="search"
            className={`${inputStyles} min-w-0 flex-1`}
            placeholder={t('Search posts')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <button type="submit" className={buttonStyles.secondary}>
            {t('Search')}
          </button>
        </form>
        <div>
          <label htmlFor="posts-status" className="sr-only">
            {t('Status')}
          </label>
          <select
            id="posts-status"
            className={inputStyles}
            value={status}
            onChange={(e) => update({ status: e.target.value, page: '' })}
          >
            <option value="">{t('All posts')}</option>
            <option value="draft">{t('Drafts')}</option>
            <option value="published">{t('Published and scheduled')}</option>
          </select>
        </div>
      </div>
      {query.isPending ? (
        <Spinner label={t('Loading posts...')} />
      ) : query.isError ? (
        <Alert tone="error">{t('We could not load the posts. Please try again.')}</Alert>
      ) : query.data.results.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-stone-600">
          {t('No posts found.')}
        </p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {query.data.results.map((p) => {
            const state = postState(p);
            return (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-semibold break-words">{p.title}</p>
                  <p className="break-all text-sm text-stone-600">
                    /blog/{p.slug}
                    {p.category ? ` · ${p.category.name}` : ''}
                    {p.published_at ? ` · ${formatEat(p.published_at, dates)}` : ''}
                  </p>
                </div>
                <span className="flex items-center gap-3">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${stateTone[state]}`}>
                    {postStateLabel(t, state)}
                  </span>
                  <Link to={`/admin/blog/posts/${p.id}`} className="font-medium text-brand-700 underline">
                    {t('Edit')}
                    <span className="sr-only"> {p.title}</span>
                  </Link>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {query.data && query.data.count > 10 && (
        <Pager page={page} pages={pages} onPage={(p) => update({ page: String(p) })} />
      )}
    </div>
  );
}
