import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { subjects, tutors } from '../../platform/db/schema/catalog.ts';
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

/** The catalogue's active subjects (each has a page `/subjects/{slug}`), by name. */
export function listActiveSubjectSlugs(db: DbOrTx, limit: number) {
  return db
    .select({ slug: subjects.slug })
    .from(subjects)
    .where(eq(subjects.isActive, true))
    .orderBy(subjects.name, subjects.id)
    .limit(limit);
}

/** Published tutors for their pages `/tutors/{id}-{slug}`, oldest first (by id: the primary key's order). */
export function listPublishedTutors(db: DbOrTx, limit: number) {
  return db
    .select({ id: tutors.id, fullName: tutors.fullName, updatedAt: tutors.updatedAt })
    .from(tutors)
    .where(and(eq(tutors.isPublished, true), eq(tutors.isActive, true)))
    .orderBy(tutors.id)
    .limit(limit);
}
