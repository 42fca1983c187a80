import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BlogPost } from '@tibeb/domain/blog/contracts';
import { blogMessages as m } from '@tibeb/domain/blog/messages';
import { excerptOf } from '@tibeb/domain/blog/rules';
import { PostCover } from './post-cover.tsx';
import { PostMetaLine } from './post-meta-line.tsx';

/**
 * One card of the list (spec §2). Its links are real addresses, so a reader can open a post in a new tab;
 * in the same tab the post travels in navigation state and shows without waiting (decision 041).
 */
export function PostCard({ post }: { post: BlogPost }) {
  const { t } = useTranslation('public');
  const href = `/blog/${encodeURIComponent(post.slug)}`;
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
      <Link to={href} state={{ post }} tabIndex={-1} aria-hidden="true">
        <PostCover src={post.cover_image_url} className="aspect-[16/9] w-full" />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-5">
        {post.category && (
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{post.category.name}</p>
        )}
        <PostMetaLine post={post} />
        <h2 className="text-xl leading-snug font-bold text-stone-900">
          <Link to={href} state={{ post }} className="hover:text-brand-700 hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="flex-1 text-stone-700">{excerptOf(post)}</p>
        <div className="mt-2 flex flex-wrap items-center gap-4 text-sm font-semibold">
          {post.category && (
            <Link
              to={`/blog?category=${encodeURIComponent(post.category.slug)}`}
              aria-label={`${t(m.category)}: ${post.category.name}`}
              className="text-stone-600 underline-offset-4 hover:text-brand-700 hover:underline"
            >
              {t(m.category)}
            </Link>
          )}
          <Link
            to={href}
            state={{ post }}
            aria-label={`${t(m.readArticle)}: ${post.title}`}
            className="text-brand-700 underline-offset-4 hover:underline"
          >
            {t(m.readArticle)} <span aria-hidden="true">→</span>
          </Link>
        </div>
      </div>
    </article>
  );
}

/** The loading skeleton: 4 grey cards (spec §2). */
export function PostCardSkeletons() {
  const { t } = useTranslation('public');
  return (
    <div role="status" aria-label={t('Loading posts')} className="grid gap-6 sm:grid-cols-2">
      {Array.from({ length: 4 }, (_, i) => (
        <div
          key={i}
          data-testid="post-skeleton"
          className="animate-pulse overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 motion-reduce:animate-none"
        >
          <div className="aspect-[16/9] w-full bg-stone-200" />
          <div className="space-y-3 p-5">
            <div className="h-3 w-24 rounded bg-stone-200" />
            <div className="h-5 w-3/4 rounded bg-stone-200" />
            <div className="h-3 w-full rounded bg-stone-200" />
            <div className="h-3 w-5/6 rounded bg-stone-200" />
          </div>
        </div>
      ))}
    </div>
  );
}
