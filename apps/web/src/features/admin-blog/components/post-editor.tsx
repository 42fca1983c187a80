import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { AdminPost, AdminPostInput } from '@tibeb/domain/blog/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSavePost } from '../api/save-post.ts';
import { useTaxonomy } from '../api/taxonomy.ts';
import { useUploadCover } from '../api/upload-cover.ts';
import { Markdown } from '../../../components/markdown.tsx';

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

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Write or edit a post: Markdown with a preview, cover upload, category, tags, slug, draft / publish / schedule. */
export function PostEditor({ post, onSaved }: { post?: AdminPost; onSaved: (post: AdminPost) => void }) {
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
  const [tagIds, setTagIds] = useState<number[]>(post?.tags.map((t) => t.id) ?? []);
  const initialPublication: Publication =
    !post || post.status === 'draft' ? 'draft' : postState(post) === 'Scheduled' ? 'schedule' : 'now';
  const [publication, setPublication] = useState<Publication>(initialPublication);
  const [scheduledAt, setScheduledAt] = useState(toLocalInput(post?.published_at ?? null));
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [localError, setLocalError] = useState<string | null>(null);
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const uploadError =
    upload.error instanceof ApiError
      ? (upload.error.fieldErrors.file?.[0] ?? upload.error.message)
      : upload.error
        ? 'The upload failed.'
        : null;

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
        setLocalError('Choose a publication time in the future.');
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
        <Field id="post-title" label="Title" error={errors.title?.[0]}>
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
        <Field id="post-slug" label="Slug (address)" error={errors.slug?.[0]}>
          <input
            id="post-slug"
            className={inputStyles}
            value={slug}
            maxLength={120}
            placeholder="made from the title when empty"
            onChange={(e) => setSlug(e.target.value)}
            aria-invalid={errors.slug ? true : undefined}
            aria-describedby={describedBy('slug') ?? 'post-slug-hint'}
          />
          <p id="post-slug-hint" className="mt-1 break-all text-sm text-stone-600">
            /blog/{slug.trim() || post?.slug || '…'}
          </p>
        </Field>
        <Field id="post-excerpt" label="Excerpt" error={errors.excerpt?.[0]}>
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
          <div role="tablist" aria-label="Body" className="mb-2 flex gap-2">
            {(['write', 'preview'] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                aria-selected={tab === t}
                aria-controls={`post-body-${t}`}
                className={`rounded-lg px-3 py-1.5 text-sm font-medium ${tab === t ? 'bg-brand-700 text-white' : 'text-brand-700 hover:bg-brand-50'}`}
                onClick={() => setTab(t)}
              >
                {t === 'write' ? 'Write' : 'Preview'}
              </button>
            ))}
          </div>
          {tab === 'write' ? (
            <div id="post-body-write" role="tabpanel">
              <Field id="post-body" label="Body (Markdown)" error={errors.body?.[0]}>
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
              aria-label="Preview"
              className="min-h-40 rounded-lg border border-stone-200 bg-white p-4"
            >
              <Markdown markdown={body} />
            </div>
          )}
        </div>
      </div>
      <div className="min-w-0 space-y-4">
        <fieldset className="space-y-2 rounded-xl border border-stone-200 bg-white p-4">
          <legend className="px-1 font-medium">Publication</legend>
          {(
            [
              ['draft', 'Draft (not on the blog)'],
              ['now', 'Published'],
              ['schedule', 'Scheduled'],
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
            <Field id="post-scheduled" label="Publish at (your time)" error={errors.published_at?.[0]}>
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
          <Field id="post-cover" label="Cover image" error={uploadError ?? undefined}>
            <input
              id="post-cover"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="block w-full text-sm"
              onChange={onCover}
            />
          </Field>
          {upload.isPending && <p className="text-sm text-stone-600">Uploading…</p>}
          {cover && (
            <div className="space-y-1">
              <img
                src={cover}
                alt="Cover preview"
                className="aspect-[1200/630] w-full rounded-lg object-cover"
              />
              <button type="button" className="text-sm text-brand-700 underline" onClick={() => setCover('')}>
                Remove cover
              </button>
            </div>
          )}
        </div>
        <div className="space-y-3 rounded-xl border border-stone-200 bg-white p-4">
          <Field id="post-category" label="Category" error={errors.category_id?.[0]}>
            <select
              id="post-category"
              className={inputStyles}
              value={categoryId}
              onChange={(e) => setCategoryId(e.target.value)}
            >
              <option value="">No category</option>
              {categories.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <fieldset>
            <legend className="mb-1 text-sm font-medium">Tags</legend>
            {tags.data?.length ? (
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {tags.data.map((t) => (
                  <label key={t.id} className="flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      checked={tagIds.includes(t.id)}
                      onChange={(e) =>
                        setTagIds((ids) =>
                          e.target.checked ? [...ids, t.id] : ids.filter((id) => id !== t.id),
                        )
                      }
                    />
                    {t.name}
                  </label>
                ))}
              </div>
            ) : (
              <p className="text-sm text-stone-600">No tags yet.</p>
            )}
            {errors.tag_ids && <p className="mt-1 text-sm text-red-700">{errors.tag_ids[0]}</p>}
          </fieldset>
        </div>
        {(localError || (save.isError && !Object.keys(errors).length)) && (
          <Alert tone="error">{localError ?? 'The post could not be saved. Please try again.'}</Alert>
        )}
        {Object.keys(errors).length > 0 && <Alert tone="error">Please correct the marked fields.</Alert>}
        <button
          type="submit"
          className={`${buttonStyles.primary} w-full`}
          disabled={save.isPending || upload.isPending}
        >
          {save.isPending ? 'Saving…' : post ? 'Save post' : 'Create post'}
        </button>
      </div>
    </form>
  );
}
