import { Markdown } from '../../../components/markdown.tsx';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { BlogPost } from '@tibeb/domain/blog/contracts';
import { blogMessages as m } from '@tibeb/domain/blog/messages';
import { excerptOf, paragraphsOf } from '@tibeb/domain/blog/rules';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { usePost } from '../api/get-post.ts';
import { CommentSection } from './comment-section.tsx';
import { PostCover } from './post-cover.tsx';
import { PostMetaLine } from './post-meta-line.tsx';

function BackLink() {
  const { t } = useTranslation('public');
  return (
    <Link
      to="/blog"
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
    >
      <span aria-hidden="true">←</span> {t(m.backToBlog)}
    </Link>
  );
}

/**
 * One post (spec §2). A numeric address is looked up by id and replaced by the slug address; a failed load
 * goes to /blog (spec §4, §8). The body is Markdown, rendered and sanitised (DOMPurify); its plain paragraphs
 * show until the renderer's chunk has loaded.
 */
export function BlogPostView({ slugOrId }: { slugOrId: string }) {
  const { t } = useTranslation('public');
  const navigate = useNavigate();
  const location = useLocation();
  const passed = (location.state as { post?: BlogPost } | null)?.post;
  const initial = passed && passed.slug === slugOrId ? passed : undefined;
  const numeric = /^\d+$/.test(slugOrId);
  const query = usePost(slugOrId, initial);
  const post = numeric ? undefined : query.data;

  useEffect(() => {
    if (query.isError) void navigate('/blog', { replace: true });
    else if (numeric && query.data) {
      void navigate(`/blog/${encodeURIComponent(query.data.slug)}`, {
        replace: true,
        state: { post: query.data },
      });
    }
  }, [query.isError, query.data, numeric, navigate]);

  // An unknown post answers 404 from the server (issue 28); the browser then goes to /blog as the spec says.
  const missing = query.error instanceof ApiError && query.error.status === 404;
  usePageMeta(post?.title ?? t('Blog'), post ? excerptOf(post) : t('A post from the Tibeb Tutoring blog.'), {
    status: missing ? 404 : undefined,
    canonical: post ? `/blog/${encodeURIComponent(post.slug)}` : undefined,
    type: post ? 'article' : undefined,
    image: post?.cover_image_url || undefined,
  });

  if (!post) return <Spinner label={t('Loading...')} />;

  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <BackLink />
      <header className="mt-6">
        {post.category && (
          <Link
            to={`/blog?category=${encodeURIComponent(post.category.slug)}`}
            className="text-xs font-semibold tracking-wide text-brand-700 uppercase hover:underline"
          >
            {post.category.name}
          </Link>
        )}
        <h1 className="mt-2 text-3xl leading-tight font-bold tracking-tight text-stone-900 sm:text-4xl">
          {post.title}
        </h1>
        <div className="mt-3">
          <PostMetaLine post={post} />
        </div>
      </header>
      <PostCover src={post.cover_image_url} eager className="mt-6 aspect-[16/9] w-full rounded-2xl" />
      {post.tags.length > 0 && (
        <ul aria-label={t(m.tags)} className="mt-6 flex flex-wrap gap-2">
          {post.tags.map((tag) => (
            <li key={tag.id}>
              <Link
                to={`/blog?tag=${encodeURIComponent(tag.slug)}`}
                className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
              >
                #{tag.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-8 text-lg leading-relaxed text-stone-800" data-testid="post-body">
        <Markdown
          markdown={post.body}
          className="[&_p]:mb-5"
          fallback={
            <div className="space-y-5">
              {paragraphsOf(post.body).map((paragraph, i) => (
                <p key={i} className="break-words whitespace-pre-line">
                  {paragraph}
                </p>
              ))}
            </div>
          }
        />
      </div>
      <CommentSection post={post} />
      <div className="mt-10">
        <BackLink />
      </div>
    </article>
  );
}
