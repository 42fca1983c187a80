import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { blogPosts } from '../../platform/db/schema/content.ts';

/** Published posts for the sitemap, newest first. */
export function listPublishedPostSlugs(db: DbOrTx, limit: number) {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(
      and(
        eq(blogPosts.status, 'published'),
        isNotNull(blogPosts.publishedAt),
        lte(blogPosts.publishedAt, sql`now()`),
      ),
    )
    .orderBy(desc(blogPosts.publishedAt))
    .limit(limit);
}
