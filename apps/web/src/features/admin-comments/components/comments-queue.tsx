import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { commentStatuses, type AdminComment } from '@tibeb/domain/blog/contracts';
import { formatEat } from '@tibeb/domain/admin/format';
import { Alert } from '../../../components/ui/alert.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ListToolbar } from '../../../components/ui/list-toolbar.tsx';
import { useListParams } from '../../../components/ui/use-list-params.ts';
import { useDates } from '../../../lib/dates.ts';
import { useDeleteComment } from '../api/delete-comment.ts';
import { useComments } from '../api/list-comments.ts';
import { useSetCommentStatus } from '../api/moderate-comment.ts';
import type { Translate } from '../../../lib/translate-message.ts';

/** The server pages comments by 20. */
const PAGE_SIZE = 20;
const statusLabels = (t: Translate): Record<string, string> => ({
  pending: t('Held'),
  approved: t('Shown'),
  rejected: t('Hidden'),
});
const statusTone: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-800',
  rejected: 'bg-stone-200 text-stone-800',
};
const linkButton = 'rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-100';

/** The moderation queue: comments held by the spam checks first; approve, hide or delete each. */
export function CommentsQueue({ details }: { details?: (comment: AdminComment) => ReactNode }) {
  const { t } = useTranslation('admin');
  const statusLabel = statusLabels(t);
  const list = useListParams();
  const query = useComments({ status: list.get('status') || undefined, page: list.page });
  const dates = useDates();
  const setStatus = useSetCommentStatus();
  const remove = useDeleteComment();
  const [confirming, setConfirming] = useState<AdminComment | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const count = query.data?.count;
  const total =
    count === undefined ? undefined : count === 1 ? t('1 comment') : t('{{count}} comments', { count });
  const moderate = (c: AdminComment, next: 'approved' | 'rejected') =>
    setStatus.mutate(
      { id: c.id, status: next },
      {
        onSuccess: () =>
          setNotice(
            next === 'approved' ? t('Comment approved: it shows on the post.') : t('Comment hidden.'),
          ),
      },
    );
  const by = (c: AdminComment) => (
    <span className="sr-only"> {t('comment by {{name}}', { name: c.name })}</span>
  );

  const columns: Column<AdminComment>[] = [
    {
      header: t('Comment'),
      stack: true,
      cell: (c) => (
        <>
          <span className="block">
            <span className="font-semibold wrap-anywhere">{c.name}</span>{' '}
            <span className="break-all text-stone-600">{c.email}</span>
          </span>
          <span className="mt-1 block whitespace-pre-line wrap-anywhere">{c.body}</span>
        </>
      ),
    },
    {
      header: t('Post'),
      cell: (c) => (
        <>
          <a href={`/blog/${c.post.slug}`} className="block text-brand-700 underline">
            {c.post.title}
          </a>
          <span className="block text-stone-600">{formatEat(c.created_at, dates)}</span>
        </>
      ),
    },
    {
      header: t('Status'),
      cell: (c) => (
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[c.status]}`}>
          {statusLabel[c.status]}
        </span>
      ),
    },
    {
      header: t('Actions'),
      stack: true,
      cell: (c) => (
        <>
          <span className="flex flex-wrap gap-2">
            {c.status !== 'approved' && (
              <button type="button" className={linkButton} onClick={() => moderate(c, 'approved')}>
                {t('Approve')}
                {by(c)}
              </button>
            )}
            {c.status !== 'rejected' && (
              <button type="button" className={linkButton} onClick={() => moderate(c, 'rejected')}>
                {t('Hide')}
                {by(c)}
              </button>
            )}
            <button type="button" className={`${linkButton} text-red-700`} onClick={() => setConfirming(c)}>
              {t('Delete')}
              {by(c)}
            </button>
          </span>
          {details && (
            <details className="mt-2">
              <summary className="cursor-pointer text-brand-700 underline">{t('History')}</summary>
              <div className="mt-2 max-w-xs">{details(c)}</div>
            </details>
          )}
        </>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <ListToolbar
        filters={[
          list.filter('status', {
            type: 'select',
            id: 'comments-status',
            label: t('Show'),
            options: [
              { value: '', label: t('All comments (held first)') },
              ...commentStatuses.map((s) => ({ value: s, label: statusLabel[s] ?? s })),
            ],
          }),
        ]}
        count={total}
      />
      <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>
      {(setStatus.isError || remove.isError) && (
        <Alert tone="error">{t('That did not work. Please try again.')}</Alert>
      )}
      <DataTable
        caption={t('Comments')}
        columns={columns}
        rows={query.data?.results}
        rowKey={(c) => c.id}
        rowTestId="comment-item"
        loading={query.isPending}
        loadingLabel={t('Loading comments...')}
        error={query.isError ? t('We could not load the comments. Please try again.') : undefined}
        empty={t('No comments here.')}
        paging={list.paging(count, PAGE_SIZE, total)}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={t('Delete comment?')}
        message={t('The comment by {{name}} is removed for good.', { name: confirming?.name ?? '' })}
        confirm={t('Delete')}
        cancel={t('Cancel')}
        onConfirm={() =>
          confirming &&
          remove.mutate(confirming.id, {
            onSuccess: () => {
              setNotice(t('Comment deleted.'));
              setConfirming(null);
            },
          })
        }
        onClose={() => setConfirming(null)}
      />
    </div>
  );
}
