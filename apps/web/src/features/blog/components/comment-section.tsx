import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlogPost } from '@tibeb/domain/blog/contracts';
import { blogMessages as m } from '@tibeb/domain/blog/messages';
import { COMMENT_LIMITS, formatPostDate } from '@tibeb/domain/blog/rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Field } from '../../../components/ui/field.tsx';
import { useDates } from '../../../lib/dates.ts';
import { useCreateComment } from '../api/create-comment.ts';
import { useComments } from '../api/get-comments.ts';
import { Form } from '../../../components/ui/form.tsx';

function CommentForm({ post }: { post: BlogPost }) {
  const { t } = useTranslation('public');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [body, setBody] = useState('');
  const [website, setWebsite] = useState('');
  const create = useCreateComment(post.slug);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { post: post.id, name, email, body, ...(website ? { website } : {}) },
      { onSuccess: () => setBody('') },
    );
  };

  return (
    <Form
      onSubmit={submit}
      className="mt-6 space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
    >
      <h3 className="text-lg font-bold">{t(m.leaveComment)}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="comment-name" label={t('Name')}>
          <input
            id="comment-name"
            required
            autoComplete="name"
            maxLength={COMMENT_LIMITS.nameMax}
            value={name}
            onChange={(e) => setName(e.target.value)}
            className={inputStyles}
          />
        </Field>
        <Field id="comment-email" label={t('Email')}>
          <input
            id="comment-email"
            type="email"
            required
            autoComplete="email"
            maxLength={COMMENT_LIMITS.emailMax}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={inputStyles}
          />
          <p className="mt-1 text-xs text-stone-500">{t('Never shown publicly.')}</p>
        </Field>
      </div>
      <Field id="comment-body" label={t('Comment')}>
        <textarea
          id="comment-body"
          required
          rows={5}
          maxLength={COMMENT_LIMITS.bodyMax}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          className={inputStyles}
        />
      </Field>
      {/* A honeypot: hidden from people and from assistive technology; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="comment-website">Website</label>
        <input
          id="comment-website"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
        />
      </div>
      {create.isError && <Alert tone="error">{t(m.commentFailed)}</Alert>}
      {create.isSuccess && (
        <Alert tone="success">
          {create.data.status === 'approved' ? t(m.commentPosted) : t(m.commentPending)}
        </Alert>
      )}
      <button type="submit" disabled={create.isPending} className={buttonStyles.primary}>
        {create.isPending ? t(m.submitting) : t(m.submitComment)}
      </button>
    </Form>
  );
}

/** The comments of a post and the form to add one (spec §2). Comments are text: never injected as HTML. */
export function CommentSection({ post }: { post: BlogPost }) {
  const { t } = useTranslation('public');
  const dates = useDates();
  const comments = useComments(post.slug);
  const list = comments.data ?? [];
  return (
    <section aria-labelledby="comments-title" className="mt-12">
      <h2 id="comments-title" className="text-2xl font-bold">
        {t(m.comments)}
        {list.length > 0 && (
          <span className="ml-2 text-base font-medium text-stone-500">({list.length})</span>
        )}
      </h2>
      {comments.isPending ? (
        <p className="mt-4 text-stone-600">{t('Loading...')}</p>
      ) : list.length === 0 ? (
        <p className="mt-4 text-stone-600">{t(m.beFirst)}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {list.map((c) => (
            <li key={c.id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
              <p className="font-semibold wrap-anywhere text-stone-900">{c.name}</p>
              <p className="text-xs text-stone-500">
                <time dateTime={c.created_at}>{formatPostDate(c.created_at, undefined, dates)}</time>
              </p>
              <p className="mt-2 whitespace-pre-line wrap-anywhere text-stone-800">{c.body}</p>
            </li>
          ))}
        </ul>
      )}
      <CommentForm post={post} />
    </section>
  );
}
