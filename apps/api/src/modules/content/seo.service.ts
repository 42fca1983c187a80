import type { Db } from '../../platform/db/client.ts';
import { PublicCache } from '../../platform/cache/public-cache.ts';
import { listPublishedPostSlugs } from './seo.repository.ts';
import { escapeMarkup } from '../../platform/http/escape.ts';

/** The public pages a search engine should index (spec §2 Public routes; sign-in and payment pages are left out). */
export const indexedPaths = [
  '/',
  '/about',
  '/subjects',
  '/tutors',
  '/testimonials',
  '/contact',
  '/blog',
  '/booking/form',
  '/faq',
  '/terms',
  '/PrvacyPolicy',
] as const;

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin/',
    'Disallow: /tutor/',
    'Disallow: /student/',
    'Disallow: /payment',
    'Disallow: /login',
    'Disallow: /signup',
    'Disallow: /forgot-password',
    'Disallow: /reset-password',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export class SeoService {
  private readonly db: Db;
  private readonly publicUrl: string;
  // Keyed under `blog:` in a cache of the blog's kind: every blog write (`invalidate('blog:')`) drops it here and
  // on every other instance (the cache bus, issue 16); the expiry is only a safety net.
  private readonly cache = new PublicCache(5 * 60_000);

  constructor(db: Db, publicUrl: string) {
    this.db = db;
    this.publicUrl = publicUrl;
  }

  sitemap() {
    return this.cache.get('blog:sitemap', async () => {
      const posts = await listPublishedPostSlugs(this.db, 5000);
      const urls = [
        ...indexedPaths.map((p) => `  <url><loc>${escapeMarkup(`${this.publicUrl}${p}`)}</loc></url>`),
        ...posts.map(
          (post) =>
            `  <url><loc>${escapeMarkup(`${this.publicUrl}/blog/${encodeURIComponent(post.slug)}`)}</loc><lastmod>${post.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
        ),
      ];
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    });
  }
}
