import type { commentStatuses, postStatuses } from '@tibeb/domain/blog/contracts';
import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import {
  blogCategories,
  blogComments,
  blogPostTags,
  blogPosts,
  blogTags,
} from '../../platform/db/schema/content.ts';
import { users } from '../../platform/db/schema/users.ts';

export type PostStatus = (typeof postStatuses)[number];
export type CommentStatus = (typeof commentStatuses)[number];
export type Taxonomy = { id: number; name: string; slug: string };

export type PostRecord = {
  id: number;
  slug: string;
  title: string;
  body: string;
  excerpt: string;
  coverImageUrl: string;
  status: PostStatus;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  category: Taxonomy | null;
  tags: Taxonomy[];
};

export type PostFilter = {
  /** Only posts a visitor may see: published, with a publication time that has come. */
  publishedOnly: boolean;
  status?: PostStatus;
  /** A PostgreSQL tsquery text (built by the service from the visitor's words). */
  tsQuery?: string;
  categorySlug?: string;
  tagSlug?: string;
};

const postColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  body: blogPosts.body,
  excerpt: blogPosts.excerpt,
  coverImageUrl: blogPosts.coverImageUrl,
  status: blogPosts.status,
  publishedAt: blogPosts.publishedAt,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
  categoryId: blogCategories.id,
  categoryName: blogCategories.name,
  categorySlug: blogCategories.slug,
};

// The same expression as the GIN index blog_posts_search_idx, so that the index answers the search.
const searchDocument = sql`to_tsvector('english', ${blogPosts.title} || ' ' || ${blogPosts.excerpt} || ' ' || ${blogPosts.body})`;

function postConditions(db: DbOrTx, filter: PostFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.publishedOnly) {
    conditions.push(eq(blogPosts.status, 'published'), lte(blogPosts.publishedAt, sql`now()`));
  } else if (filter.status) {
    conditions.push(eq(blogPosts.status, filter.status));
  }
  if (filter.tsQuery !== undefined) {
    conditions.push(sql`${searchDocument} @@ to_tsquery('english', ${filter.tsQuery})`);
  }
  if (filter.categorySlug !== undefined) {
    conditions.push(
      inArray(
        blogPosts.categoryId,
        db
          .select({ id: blogCategories.id })
          .from(blogCategories)
          .where(eq(blogCategories.slug, filter.categorySlug)),
      ),
    );
  }
  if (filter.tagSlug !== undefined) {
    conditions.push(
      inArray(
        blogPosts.id,
        db
          .select({ postId: blogPostTags.postId })
          .from(blogPostTags)
          .innerJoin(blogTags, eq(blogTags.id, blogPostTags.tagId))
          .where(eq(blogTags.slug, filter.tagSlug)),
      ),
    );
  }
  return and(...conditions);
}

async function withTags(
  db: DbOrTx,
  rows: (Omit<PostRecord, 'category' | 'tags'> & {
    categoryId: number | null;
    categoryName: string | null;
    categorySlug: string | null;
  })[],
): Promise<PostRecord[]> {
  const ids = rows.map((r) => r.id);
  const tagRows = ids.length
    ? await db
        .select({ postId: blogPostTags.postId, id: blogTags.id, name: blogTags.name, slug: blogTags.slug })
        .from(blogPostTags)
        .innerJoin(blogTags, eq(blogTags.id, blogPostTags.tagId))
        .where(inArray(blogPostTags.postId, ids))
        .orderBy(asc(blogTags.name))
    : [];
  return rows.map(({ categoryId, categoryName, categorySlug, ...post }) => ({
    ...post,
    category:
      categoryId !== null && categoryName !== null && categorySlug !== null
        ? { id: categoryId, name: categoryName, slug: categorySlug }
        : null,
    tags: tagRows.filter((t) => t.postId === post.id).map(({ id, name, slug }) => ({ id, name, slug })),
  }));
}

/** Newest first (by publication, then by id), one page of posts and the total count. */
export async function listPosts(
  db: DbOrTx,
  filter: PostFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PostRecord[]; count: number }> {
  const where = postConditions(db, filter);
  const [total] = await db.select({ n: count() }).from(blogPosts).where(where);
  const n = Number(total?.n ?? 0);
  if (n === 0 || page.offset >= n) return { rows: [], count: n };
  const rows = await db
    .select(postColumns)
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(where)
    .orderBy(sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows: await withTags(db, rows), count: n };
}

/** Whether any post still uses this cover address (an admin may give two posts the same cover). */
export async function coverInUse(db: DbOrTx, url: string): Promise<boolean> {
  const rows = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(eq(blogPosts.coverImageUrl, url))
    .limit(1);
  return rows.length > 0;
}

export async function findPost(
  db: DbOrTx,
  by: { id: number } | { slug: string },
  publishedOnly: boolean,
): Promise<PostRecord | null> {
  const key = 'id' in by ? eq(blogPosts.id, by.id) : eq(blogPosts.slug, by.slug);
  const rows = await db
    .select(postColumns)
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(and(key, postConditions(db, { publishedOnly })))
    .limit(1);
  const [post] = await withTags(db, rows);
  return post ?? null;
}

export async function slugTaken(db: DbOrTx, slug: string, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1);
  return rows.some((r) => r.id !== exceptId);
}

export type PostValues = {
  slug: string;
  title: string;
  body: string;
  excerpt: string;
  coverImageUrl: string;
  categoryId: number | null;
  status: PostStatus;
  publishedAt: Date | null;
  authorUserId?: string | null;
};

export async function insertPost(db: DbOrTx, values: PostValues, tagIds: number[]): Promise<number> {
  // The author is recorded only while that user exists (a token can outlive its account).
  const author = values.authorUserId
    ? await db.select({ id: users.id }).from(users).where(eq(users.id, values.authorUserId)).limit(1)
    : [];
  const [row] = await db
    .insert(blogPosts)
    .values({ ...values, authorUserId: author[0]?.id ?? null })
    .returning({ id: blogPosts.id });
  if (!row) throw new Error('insert returned no row');
  await setPostTags(db, row.id, tagIds);
  return row.id;
}

export async function updatePost(
  db: DbOrTx,
  id: number,
  values: Partial<PostValues>,
  tagIds: number[] | undefined,
): Promise<boolean> {
  const rows = await db
    .update(blogPosts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id });
  if (!rows.length) return false;
  if (tagIds) await setPostTags(db, id, tagIds);
  return true;
}

async function setPostTags(db: DbOrTx, postId: number, tagIds: number[]) {
  await db.delete(blogPostTags).where(eq(blogPostTags.postId, postId));
  const unique = [...new Set(tagIds)];
  if (unique.length) await db.insert(blogPostTags).values(unique.map((tagId) => ({ postId, tagId })));
}

export async function deletePost(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  return rows.length > 0;
}

/** The latest published posts for the feed. */
export async function latestPosts(db: DbOrTx, limit: number): Promise<PostRecord[]> {
  return (await listPosts(db, { publishedOnly: true }, { limit, offset: 0 })).rows;
}

// ---- Categories and tags ----
const taxonomyTable = { category: blogCategories, tag: blogTags } as const;
export type TaxonomyKind = keyof typeof taxonomyTable;

export async function listTaxonomy(db: DbOrTx, kind: TaxonomyKind): Promise<Taxonomy[]> {
  const t = taxonomyTable[kind];
  return db.select({ id: t.id, name: t.name, slug: t.slug }).from(t).orderBy(asc(t.name), asc(t.id));
}

export async function findTaxonomy(db: DbOrTx, kind: TaxonomyKind, id: number): Promise<Taxonomy | null> {
  const t = taxonomyTable[kind];
  const [row] = await db.select({ id: t.id, name: t.name, slug: t.slug }).from(t).where(eq(t.id, id));
  return row ?? null;
}

export async function countTaxonomyIds(db: DbOrTx, kind: TaxonomyKind, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const t = taxonomyTable[kind];
  const [row] = await db.select({ n: count() }).from(t).where(inArray(t.id, ids));
  return Number(row?.n ?? 0);
}

export async function taxonomySlugTaken(
  db: DbOrTx,
  kind: TaxonomyKind,
  slug: string,
  exceptId?: number,
): Promise<boolean> {
  const t = taxonomyTable[kind];
  const rows = await db.select({ id: t.id }).from(t).where(eq(t.slug, slug));
  return rows.some((r) => r.id !== exceptId);
}

export async function insertTaxonomy(db: DbOrTx, kind: TaxonomyKind, values: { name: string; slug: string }) {
  const t = taxonomyTable[kind];
  const [row] = await db.insert(t).values(values).returning({ id: t.id, name: t.name, slug: t.slug });
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateTaxonomy(
  db: DbOrTx,
  kind: TaxonomyKind,
  id: number,
  values: { name?: string; slug?: string },
): Promise<Taxonomy | null> {
  const t = taxonomyTable[kind];
  if (!Object.keys(values).length) return findTaxonomy(db, kind, id);
  const [row] = await db
    .update(t)
    .set(values)
    .where(eq(t.id, id))
    .returning({ id: t.id, name: t.name, slug: t.slug });
  return row ?? null;
}

export async function deleteTaxonomy(db: DbOrTx, kind: TaxonomyKind, id: number): Promise<boolean> {
  const t = taxonomyTable[kind];
  const rows = await db.delete(t).where(eq(t.id, id)).returning({ id: t.id });
  return rows.length > 0;
}

// ---- Comments ----
export type CommentRecord = {
  id: number;
  name: string;
  email: string;
  body: string;
  status: CommentStatus;
  ip: string;
  createdAt: Date;
  post: { id: number; slug: string; title: string };
};

const commentColumns = {
  id: blogComments.id,
  name: blogComments.name,
  email: blogComments.email,
  body: blogComments.body,
  status: blogComments.status,
  ip: blogComments.ip,
  createdAt: blogComments.createdAt,
  postId: blogPosts.id,
  postSlug: blogPosts.slug,
  postTitle: blogPosts.title,
};

type CommentRow = { [K in keyof typeof commentColumns]: (typeof commentColumns)[K]['_']['data'] };
const toComment = ({ postId, postSlug, postTitle, ...c }: CommentRow): CommentRecord => ({
  ...c,
  post: { id: postId, slug: postSlug, title: postTitle },
});

/** Approved comments of a visible post, oldest first; null when no visible post has this slug. */
export async function listApprovedComments(db: DbOrTx, postSlug: string): Promise<CommentRecord[] | null> {
  const post = await findPost(db, { slug: postSlug }, true);
  if (!post) return null;
  const rows = await db
    .select(commentColumns)
    .from(blogComments)
    .innerJoin(blogPosts, eq(blogPosts.id, blogComments.postId))
    .where(and(eq(blogComments.postId, post.id), eq(blogComments.status, 'approved')))
    .orderBy(asc(blogComments.createdAt), asc(blogComments.id))
    .limit(500);
  return rows.map(toComment);
}

export async function insertComment(
  db: DbOrTx,
  values: { postId: number; name: string; email: string; body: string; status: CommentStatus; ip: string },
) {
  const [row] = await db.insert(blogComments).values(values).returning({
    id: blogComments.id,
    name: blogComments.name,
    body: blogComments.body,
    createdAt: blogComments.createdAt,
  });
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** How many comments one address sent since `since` (a burst from one address is held for moderation). */
export async function countRecentCommentsFromIp(db: DbOrTx, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(blogComments)
    .where(and(eq(blogComments.ip, ip), sql`${blogComments.createdAt} >= ${since.toISOString()}`));
  return Number(row?.n ?? 0);
}

export async function listComments(
  db: DbOrTx,
  filter: { status?: CommentStatus },
  page: { limit: number; offset: number },
): Promise<{ rows: CommentRecord[]; count: number }> {
  const where = filter.status ? eq(blogComments.status, filter.status) : undefined;
  const [total] = await db.select({ n: count() }).from(blogComments).where(where);
  const rows = await db
    .select(commentColumns)
    .from(blogComments)
    .innerJoin(blogPosts, eq(blogPosts.id, blogComments.postId))
    .where(where)
    // The moderation queue: comments held by the spam checks come first, then the newest.
    .orderBy(
      sql`(${blogComments.status} = 'pending') desc`,
      desc(blogComments.createdAt),
      desc(blogComments.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows.map(toComment), count: Number(total?.n ?? 0) };
}

export async function findComment(db: DbOrTx, id: number): Promise<CommentRecord | null> {
  const [row] = await db
    .select(commentColumns)
    .from(blogComments)
    .innerJoin(blogPosts, eq(blogPosts.id, blogComments.postId))
    .where(eq(blogComments.id, id));
  return row ? toComment(row) : null;
}

export async function setCommentStatus(db: DbOrTx, id: number, status: CommentStatus): Promise<boolean> {
  const rows = await db
    .update(blogComments)
    .set({ status })
    .where(eq(blogComments.id, id))
    .returning({ id: blogComments.id });
  return rows.length > 0;
}

export async function deleteComment(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(blogComments)
    .where(eq(blogComments.id, id))
    .returning({ id: blogComments.id });
  return rows.length > 0;
}
