import { excerptOf } from '@tibeb/domain/blog/rules';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { PageMetaResolver } from '../../platform/http/web.ts';
import { blogServiceFor } from './blog.service.ts';

/**
 * Title, description and Open Graph tags of /blog/{slug} in the served HTML, so that link previews (WhatsApp,
 * Facebook, search engines), which do not run the app's JavaScript, show the post rather than the site's
 * defaults. Numeric addresses are left to the app, which redirects them to the slug.
 */
export function blogPageMeta(app: AppInstance): PageMetaResolver {
  const blog = blogServiceFor(app.db);
  return async (urlPath) => {
    const match = /^\/blog\/([a-z0-9][a-z0-9-]{0,199})\/?$/i.exec(urlPath);
    if (!match || /^\d+$/.test(match[1]!)) return null;
    try {
      const { value: post } = await blog.getPublishedPost({ slug: match[1]!.toLowerCase() });
      return {
        title: post.title,
        description: excerptOf(post),
        type: 'article',
        ...(post.cover_image_url ? { image: post.cover_image_url } : {}),
      };
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) return null;
      throw err;
    }
  };
}
