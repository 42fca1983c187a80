import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPost, AdminPostInput } from '@tibeb/domain/blog/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSavePost } from '../api/save-post.ts';
import { useTaxonomy } from '../api/taxonomy.ts';
import { useUploadCover } from '../api/upload-cover.ts';
import { Markdown } from '../../../components/markdown.tsx';
import { translateAnswer, type Translate, translateFieldError } from '../../../lib/translate-message.ts';

type Publication = 'draft' | 'now' | 'schedule';

/** A datetime-local value (the admin's clock) for an ISO time, and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export function postState(post: Pick<AdminPost, 'status' | 'published_at'>, now = Date.now()) {
  if (post.status === 'draft') return 'Draft';
  return post.published_at && Date.parse(post.published_at) > now ? 'Scheduled' : 'Published';
}

/** A post's state as shown (`postState` gives the English, which the screens also compare). */
export const postStateLabel = (t: Translate, state: ReturnType<typeof postState>) =>
  ({ Draft: t('Draft'), Scheduled: t('Scheduled'), Published: t('Published') })[state];

/** Write or edit a post: Markdown with a preview, cover upload, category, tags, slug, draft / publish / schedule. */
export function PostEditor({ post, onSaved }: { post?: AdminPost; onSaved: (post: AdminPost) => void }) {
  const { t } = useTranslation('admin');
  const save = useSavePost();
  const upload = useUploadCover();
  const categories = useTaxonomy('categories');
  const tags = useTaxonomy('tags');
  const [title, setTitle] = useState(post?.title ?? '');
  const [slug, setSlug] = useState(post?.slug ?? '');
  const [excerpt, setExcerpt] = useState(post?.excerpt ?? '');
  const [body, setBody] = useState(post?.body ?? '');
  const [cover, setCover] = useState(post?.cover_image_url ?? '');
  const [categoryId, setCategoryId] = useState<string>(post?.category ? String(post.category.id) : '');
  const [tagIds, setTagIds] = useState<number[]>(post?.tags.map((tag) => tag.id) ?? []);
  const initialPublication: Publication =
    !post || post.status === 'draft' ? 'draft' : postState(post) === 'Scheduled' ? 'schedule' : 'now';
  const [publication, setPublication] = useState<Publication>(initialPublication);
  const [scheduledAt, setScheduledAt] = useState(toLocalInput(post?.published_at ?? null));
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [localError, setLocalError] = useState<string | null>(null);
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  // The server's field messages (blog contracts, uploads) in the interface's language, as sent when not known.
  const fieldError = (field: string) => translateFieldError(t, save.error, field);
  const uploadError = upload.error && (translateAnswer(t, upload.error, 'file') ?? t('The upload failed.'));

  const onCover = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) upload.mutate(file, { onSuccess: (img) => setCover(img.url) });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setLocalError(null);
    let publishedAt: string | null | undefined;
    if (publication === 'schedule') {
      const when = new Date(scheduledAt);
      if (!scheduledAt || Number.isNaN(when.getTime()) || when.getTime() <= Date.now()) {
        setLocalError(t('Choose a publication time in the future.'));
        return;
      }
      publishedAt = when.toISOString();
    } else if (publication === 'now') {
      // Keep an earlier publication time; a post published now gets the server's clock.
      publishedAt =
        post?.status === 'published' && post.published_at && Date.parse(post.published_at) <= Date.now()
          ? post.published_at
          : null;
    } else {
      publishedAt = post?.published_at && post.status === 'draft' ? post.published_at : null;
    }
    const input: AdminPostInput = {
      title,
      body,
      excerpt,
      cover_image_url: cover,
      category_id: categoryId ? Number(categoryId) : null,
      tag_ids: tagIds,
      status: publication === 'draft' ? 'draft' : 'published',
      published_at: publication === 'draft' ? null : publishedAt,
      ...(slug.trim() ? { slug: slug.trim() } : {}),
    };
    save.mutate({ id: post?.id, body: input }, { onSuccess: onSaved });
  };

  const describedBy = (field: string) => (errors[field] ? `post-${field}-error` : undefined);

  return (
    <form onSubmit={onSubmit} className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]" noValidate>
      <div className="min-w-0 space-y-4">
        <Field id="post-title" label={t('Title')} error={fieldError('title')}>
          <input
            id="post-title"
            className={inputStyles}
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={describedBy('title')}
          />
        </Field>
        <Field id="post-slug" label={t('Slug (address)')} error={fieldError('slug')}>
          <input
            id="post-slug"
            className={inputStyles}
            value={slug}
            maxLength={120}
            placeholder={t('made from the title when empty')}
            onChange={(e) => setSlug(e.target.value)}
            aria-invalid={errors.slug ? true : undefined}
            aria-describedby={describedBy('slug') ?? 'post-slug-hint'}
          />
          <p id="post-slug-hint" className="mt-1 break-all text-sm text-stone-600">
            /blog/{slug.trim() || post?.slug || '…'}
          </p>
        </Field>
        <Field id="post-excerpt" label={t('Excerpt')} error={fieldError('excerpt')}>
          <textarea
            id="post-excerpt"
            className={inputStyles}
            rows={2}
            maxLength={500}
            value={excerpt}
            onChange={(e) => setExcerpt(e.target.value)}
          />
        </Field>
        <div>
          <div role="tablist" aria-label={t('Body')} className="mb-2 flex gap-2">
            {(['write', 'preview'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                aria-controls={`post-body-${name}`}
                className={`rounded-lg px-3 py-1.5 text-sm font-medium ${tab === name ? 'bg-brand-700 text-white' : 'text-brand-700 hover:bg-brand-50'}`}
                onClick={() => setTab(name)}
              >
                {name === 'write' ? t('Write') : t('Preview')}
              </button>
            ))}
          </div>
          {tab === 'write' ? (
            <div id="post-body-write" role="tabpanel">
              <Field id="post-body" label={t('Body (Markdown)')} error={fieldError('body')}>
                <textarea
                  id="post-body"
                  className={`${inputStyles} font-mono text-sm`}
                  rows={16}
                  value={body}
                  onChange={(e) => setBody(e.target.value)}
                  aria-invalid={errors.body ? true : undefined}
                  aria-describedby={describedBy('body')}
                />
              </Field>
            </div>
          ) : (
            <div
              id="post-body-preview"
              role="tabpanel"
              aria-label={t('Preview')}
              className="min-h-40 rounded-lg border border-stone-200 bg-white p-4"
            >
              <Markdown markdown={body} />
            </div>
          )}
        </div>
      </div>
      <div className="min-w-0 space-y-4">
        <fieldset className="space-y-2 rounded-xl border border-stone-200 bg-white p-4">
          <legend className="px-1 font-medium">{t('Publication')}</legend>
          {(
            [
              ['draft', t('Draft (not on the blog)')],
              ['now', t('Published')],
              ['schedule', t('Scheduled')],
            ] as const
          ).map(([value, text]) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="post-publication"
                checked={publication === value}
                onChange={() => setPublication(value)}
              />
              {text}
            </label>
          ))}
          {publication === 'schedule' && (
            <Field id="post-scheduled" label={t('Publish at (your time)')} error={fieldError('published_at')}>
              <input
                id="post-scheduled"
                type="datetime-local"
                className={inputStyles}
                value={scheduledAt}
                onChange={(e) => setScheduledAt(e.target.value)}
              />
            </Field>
          )}
        </fieldset>
        <div className="space-y-2 rounded-xl border border-stone-200 bg-white p-4">
          <Field id="post-cover" label={t('Cover image')} error={uploadError ?? undefined}>
            <input
              id="post-cover"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="block w-full text-sm"
              onChange={onCover}
            />
          </Field>
          {upload.isPending && <p className="text-sm text-stone-600">{t('Uploading…')}</p>}
          {cover && (
            <div className="space-y-1">
              <img
                src={cover}
                alt={t('Cover preview')}
                className="aspect-[1200/630] w-full rounded-lg object-cover"
              />
              <button type="button" className="text-sm text-brand-700 underline" onClick={() => setCover('')}>
                {t('Remove cover')}
              </button>
            </div>
          )}
        </div>
        <div className="space-y-3 rounded-xl border border-stone-200 bg-white p-4">
          <Field id="post-category" label={t('Category')} error={fieldError('category_id')}>
            <select
              id="post-category"
              className={inputStyles}
              value={categoryId}
              onChange={(e) => setCategoryId(e.target.value)}
            >
              <option value="">{t('No category')}</option>
              {categories.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <fieldset>
            <legend className="mb-1 text-sm font-medium">{t('Tags')}</legend>
            {tags.data?.length ? (
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {tags.data.map((tag) => (
                  <label key={tag.id} className="flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      checked={tagIds.includes(tag.id)}
                      onChange={(e) =>
                        setTagIds((ids) =>
                          e.target.checked ? [...ids, tag.id] : ids.filter((id) => id !== tag.id),
                        )
                      }
                    />
                    {tag.name}
                  </label>
                ))}
              </div>
            ) : (
              <p className="text-sm text-stone-600">{t('No tags yet.')}</p>
            )}
            {errors.tag_ids && <p className="mt-1 text-sm text-red-700">{fieldError('tag_ids')}</p>}
          </fieldset>
        </div>
        {(localError || (save.isError && !Object.keys(errors).length)) && (
          <Alert tone="error">{localError ?? t('The post could not be saved. Please try again.')}</Alert>
        )}
        {Object.keys(errors).length > 0 && (
          <Alert tone="error">{t('Please correct the marked fields.')}</Alert>
        )}
        <button
          type="submit"
          className={`${buttonStyles.primary} w-full`}
          disabled={save.isPending || upload.isPending}
        >
          {save.isPending ? t('Saving…') : post ? t('Save post') : t('Create post')}
        </button>
      </div>
    </form>
  );
}
