import { useEffect } from 'react';
import type { BlogPost } from '@tibeb/domain/blog/contracts';
import { excerptOf } from '@tibeb/domain/blog/rules';

/**
 * Open Graph tags for a shared post (og:title, og:description, og:image, og:type=article, og:url). Set in the
 * DOM after the post loads; the previous values come back when the page is left. Crawlers that run no
 * JavaScript see index.html's defaults (decision 041).
 */
export function usePostOpenGraph(post: BlogPost | undefined) {
  useEffect(() => {
    if (!post) return undefined;
    const image = post.cover_image_url ? new URL(post.cover_image_url, window.location.origin).href : '';
    const tags: Record<string, string> = {
      'og:title': post.title,
      'og:description': excerptOf(post),
      'og:type': 'article',
      'og:url': new URL(`/blog/${encodeURIComponent(post.slug)}`, window.location.origin).href,
      ...(image ? { 'og:image': image } : {}),
    };
    const restore: (() => void)[] = [];
    for (const [property, content] of Object.entries(tags)) {
      let meta = document.head.querySelector<HTMLMetaElement>(`meta[property="${property}"]`);
      if (meta) {
        const previous = meta.content;
        const el = meta;
        restore.push(() => {
          el.content = previous;
        });
      } else {
        meta = document.createElement('meta');
        meta.setAttribute('property', property);
        document.head.appendChild(meta);
        const el = meta;
        restore.push(() => el.remove());
      }
      meta.content = content;
    }
    return () => restore.forEach((undo) => undo());
  }, [post]);
}
