import { tutorPath } from '@tibeb/domain/tutors/search';
import type { Db } from '../../platform/db/client.ts';
import { PublicCache } from '../../platform/cache/public-cache.ts';
import { listActiveSubjectSlugs, listPublishedPostSlugs, listPublishedTutors } from './seo.repository.ts';
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

/** A sitemap holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
const MAX_POSTS = 5_000;
const MAX_SUBJECTS = 500;

const day = (d: Date) => d.toISOString().slice(0, 10);

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

  /**
   * The public pages, the published posts (up to 5,000), each active catalogue subject's page and each published
   * tutor's page (decision 239), within the 50,000 addresses a sitemap may hold: every read is limited to what
   * still fits. Kept five minutes (and dropped by every blog write); a tutor published meanwhile waits that long.
   */
  sitemap() {
    return this.cache.get('blog:sitemap', async () => {
      const loc = (path: string) => `<loc>${escapeMarkup(`${this.publicUrl}${path}`)}</loc>`;
      const urls = indexedPaths.map((p) => `  <url>${loc(p)}</url>`);
      const posts = await listPublishedPostSlugs(this.db, MAX_POSTS);
      for (const post of posts)
        urls.push(
          `  <url>${loc(`/blog/${encodeURIComponent(post.slug)}`)}<lastmod>${day(post.updatedAt)}</lastmod></url>`,
        );
      const subjects = await listActiveSubjectSlugs(this.db, MAX_SUBJECTS);
      for (const subject of subjects)
        urls.push(`  <url>${loc(`/subjects/${encodeURIComponent(subject.slug)}`)}</url>`);
      const room = SITEMAP_MAX_URLS - urls.length;
      const tutors = room > 0 ? await listPublishedTutors(this.db, room) : [];
      for (const tutor of tutors)
        urls.push(
          `  <url>${loc(tutorPath({ id: tutor.id, full_name: tutor.fullName }))}<lastmod>${day(tutor.updatedAt)}</lastmod></url>`,
        );
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    });
  }
}
