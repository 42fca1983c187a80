import type { AppInstance } from '../../platform/http/app-instance.ts';
import { blogFeedRoutes } from './blog-feed.routes.ts';
import { blogRoutes } from './blog.routes.ts';
import { contactsRoutes } from './contacts.routes.ts';
import { newsletterRoutes } from './newsletter.routes.ts';
import { seoRoutes } from './seo.routes.ts';
import { settingsRoutes } from './settings.routes.ts';

/** The public site's content: blog, contact messages, newsletter, site settings, robots and sitemap. */
export async function registerContent(app: AppInstance) {
  await app.register(contactsRoutes, { prefix: '/api' });
  await app.register(newsletterRoutes, { prefix: '/api' });
  await app.register(settingsRoutes, { prefix: '/api' });
  await app.register(blogRoutes, { prefix: '/api' });
  // Site-root documents, outside /api.
  await app.register(seoRoutes);
  await app.register(blogFeedRoutes);
}
