import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatEat } from '@tibeb/domain/admin/format';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list-toolbar.tsx';
import { useListParams } from '../../../components/ui/use-list-params.ts';
import { useDates } from '../../../lib/dates.ts';
import { usePosts, type AdminPostList } from '../api/list-posts.ts';
import { postState, postStateLabel } from './post-editor.tsx';

/** The server pages posts by 10. */
const PAGE_SIZE = 10;
const stateTone: Record<string, string> = {
  Draft: 'bg-stone-200 text-stone-800',
  Scheduled: 'bg-sky-100 text-sky-800',
  Published: 'bg-emerald-100 text-emerald-800',
};

type Post = AdminPostList['results'][number];

/** Every post, drafts and scheduled ones included: search, status filter, paging. */
export function PostsList() {
  const { t } = useTranslation('admin');
  const list = useListParams();
  const query = usePosts({
    status: list.get('status') || undefined,
    q: list.get('q') || undefined,
    page: list.page,
  });
  const dates = useDates();
  const count = query.data?.count;
  const total = count === undefined ? undefined : count === 1 ? t('1 post') : t('{{count}} posts', { count });

  const columns: Column<Post>[] = [
    {
      header: t('Title'),
      stack: true,
      cell: (p) => (
        <span className="text-left">
          <span className="block font-semibold text-stone-900">{p.title}</span>
          <span className="block text-stone-600">
            /blog/{p.slug}
            {p.category ? ` · ${p.category.name}` : ''}
            {p.published_at ? ` · ${formatEat(p.published_at, dates)}` : ''}
          </span>
        </span>
      ),
    },
    {
      header: t('Status'),
      cell: (p) => {
        const state = postState(p);
        return (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${stateTone[state]}`}>
            {postStateLabel(t, state)}
          </span>
        );
      },
    },
    {
      header: t('Actions'),
      hideHeader: true,
      end: true,
      cell: (p) => (
        <Link to={`/admin/blog/posts/${p.id}`} className="font-medium text-brand-700 underline">
          {t('Edit')}
          <span className="sr-only"> {p.title}</span>
        </Link>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <ListToolbar
        search={list.search({
          id: 'posts-q',
          label: t('Search posts'),
          placeholder: t('Search posts'),
          button: t('Search'),
        })}
        filters={[
          list.filter('status', {
            type: 'select',
            id: 'posts-status',
            label: t('Status'),
            options: [
              { value: '', label: t('All posts') },
              { value: 'draft', label: t('Drafts') },
              { value: 'published', label: t('Published and scheduled') },
            ],
          }),
        ]}
        actions={
          <Link to="/admin/blog/posts/new" className={buttonStyles.primary}>
            {t('Write a post')}
          </Link>
        }
        count={total}
      />
      <DataTable
        caption={t('Blog posts')}
        columns={columns}
        rows={query.data?.results}
        rowKey={(p) => p.id}
        loading={query.isPending}
        loadingLabel={t('Loading posts...')}
        error={query.isError ? t('We could not load the posts. Please try again.') : undefined}
        empty={t('No posts found.')}
        paging={list.paging(count, PAGE_SIZE, total)}
      />
    </div>
  );
}
