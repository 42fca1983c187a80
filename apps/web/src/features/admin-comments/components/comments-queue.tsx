import { Pager } from '../../../components/ui/pager.tsx';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { commentStatuses, type AdminComment } from '@tibeb/domain/blog/contracts';
import { formatEat } from '@tibeb/domain/admin/format';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDates } from '../../../lib/dates.ts';
import { useDeleteComment } from '../api/delete-comment.ts';
import { useComments } from '../api/list-comments.ts';
import { useSetCommentStatus } from '../api/moderate-comment.ts';
import type { Translate } from '../../../lib/translate-message.ts';

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
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useComments({ status: status || undefined, page });
  const dates = useDates();
  const setStatus = useSetCommentStatus();
  const remove = useDeleteComment();
  const [confirming, setConfirming] = useState<AdminComment | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const pages = query.data ? Math.max(1, Math.ceil(query.data.count / 20)) : 1;
  const update = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    setParams(merged, { replace: true });
  };
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

  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <label htmlFor="comments-status" className="mb-1 block text-sm font-medium">
          {t('Show')}
        </label>
        <select
          id="comments-status"
          className={inputStyles}
          value={status}
          onChange={(e) => update({ status: e.target.value, page: '' })}
        >
          <option value="">{t('All comments (held first)')}</option>
          {commentStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabel[s]}
            </option>
          ))}
        </select>
      </div>
      <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>
      {(setStatus.isError || remove.isError) && (
        <Alert tone="error">{t('That did not work. Please try again.')}</Alert>
      )}
      {query.isPending ? (
        <Spinner label={t('Loading comments...')} />
      ) : query.isError ? (
        <Alert tone="error">{t('We could not load the comments. Please try again.')}</Alert>
      ) : query.data.results.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-stone-600">
          {t('No comments here.')}
        </p>
      ) : (
        <ul className="space-y-3">
          {query.data.results.map((c) => (
            <li
              key={c.id}
              className="rounded-xl border border-stone-200 bg-white p-4"
              data-testid="comment-item"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 break-words">
                  <span className="font-semibold">{c.name}</span>{' '}
                  <span className="break-all text-sm text-stone-600">{c.email}</span>
                </p>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[c.status]}`}>
                  {statusLabel[c.status]}
                </span>
              </div>
              <p className="mt-1 text-sm text-stone-600">
                {t('On')}{' '}
                <a href={`/blog/${c.post.slug}`} className="text-brand-700 underline">
                  {c.post.title}
                </a>{' '}
                · {formatEat(c.created_at, dates)}
              </p>
              <p className="mt-2 whitespace-pre-line break-words">{c.body}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                {c.status !== 'approved' && (
                  <button type="button" className={linkButton} onClick={() => moderate(c, 'approved')}>
                    {t('Approve')}
                    <span className="sr-only"> {t('comment by {{name}}', { name: c.name })}</span>
                  </button>
                )}
                {c.status !== 'rejected' && (
                  <button type="button" className={linkButton} onClick={() => moderate(c, 'rejected')}>
                    {t('Hide')}
                    <span className="sr-only"> {t('comment by {{name}}', { name: c.name })}</span>
                  </button>
                )}
                <button
                  type="button"
                  className={`${linkButton} text-red-700`}
                  onClick={() => setConfirming(c)}
                >
                  {t('Delete')}
                  <span className="sr-only"> {t('comment by {{name}}', { name: c.name })}</span>
                </button>
              </div>
              {details && (
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer text-brand-700 underline">{t('History')}</summary>
                  <div className="mt-2">{details(c)}</div>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
      {query.data && query.data.count > 20 && (
        <Pager page={page} pages={pages} onPage={(p) => update({ page: String(p) })} />
      )}
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('Delete comment?')}
        className="w-full max-w-md"
      >
        <p className="mb-4">
          {t('The comment by {{name}} is removed for good.', { name: confirming?.name ?? '' })}
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonStyles.primary}
            onClick={() =>
              confirming &&
              remove.mutate(confirming.id, {
                onSuccess: () => {
                  setNotice(t('Comment deleted.'));
                  setConfirming(null);
                },
              })
            }
          >
            {t('Delete')}
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(null)}>
            {t('Cancel')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
