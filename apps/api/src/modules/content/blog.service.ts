import {
  BLOG_PAGE_SIZE,
  COMMENT_MAX_LINKS,
  countLinks,
  slugify,
  totalPagesOf,
} from '@tibeb/domain/blog/rules';
import { blogMessages } from '@tibeb/domain/blog/messages';
import type {
  AdminComment,
  AdminPost,
  AdminPostInput,
  AdminPostPatch,
  BlogComment,
  BlogPost,
  CommentStatus,
  CreateCommentInput,
  TaxonomyInput,
} from '@tibeb/domain/blog/contracts';
import type { Db } from '../../platform/db/client.ts';
import { badRequest, notFound, type FieldErrors } from '../../platform/http/app-error.ts';
import { PublicCache } from '../../platform/cache/public-cache.ts';
import * as repo from './blog.repository.ts';
import { recordAudit } from '../audit/index.ts';
import type { CommentRecord, PostRecord, PostStatus, TaxonomyKind } from './blog.repository.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { adminMessages } from '@tibeb/domain/admin/messages';

/** Only this many result pages of a q-less list are cached; searches always go to the database. */
const CACHED_PAGES = 100;
/** An address that already sent this many comments in the past hour has the next ones held for moderation. */
const COMMENT_BURST = { max: 10, windowMs: 60 * 60 * 1000 };

export type { PostRecord, TaxonomyKind };

export type Paged<T> = { count: number; next: number | null; previous: number | null; results: T[] };

export const toPublicPost = (p: PostRecord): BlogPost => ({
  id: p.id,
  slug: p.slug,
  title: p.title,
  body: p.body,
  excerpt: p.excerpt,
  cover_image_url: p.coverImageUrl,
  published_at: p.publishedAt ? p.publishedAt.toISOString() : null,
  category: p.category,
  tags: p.tags,
});

const toAdminPost = (p: PostRecord): AdminPost => ({
  ...toPublicPost(p),
  status: p.status,
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
});

const toPublicComment = (c: { id: number; name: string; body: string; createdAt: Date }): BlogComment => ({
  id: c.id,
  name: c.name,
  body: c.body,
  created_at: c.createdAt.toISOString(),
});

const toAdminComment = (c: CommentRecord): AdminComment => ({
  ...toPublicComment(c),
  email: c.email,
  status: c.status,
  ip: c.ip,
  post: c.post,
});

/**
 * The visitor's words as a prefix query: every word must match the start of a word of the post ("amhar" finds
 * Amharic, "learn" finds learning), after the same English stemming the index uses. Punctuation is dropped, so
 * no input can make the query invalid. Null when nothing searchable is left.
 */
export function toPrefixTsQuery(q: string): string | null {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

function paged<T>(rows: T[], count: number, page: number, pageSize = BLOG_PAGE_SIZE): Paged<T> {
  const pages = totalPagesOf(count, pageSize);
  return {
    count,
    next: page < pages ? page + 1 : null,
    previous: page > 1 ? Math.min(page - 1, pages) : null,
    results: rows,
  };
}

export type ListQuery = { q?: string; category?: string; tag?: string; page?: number };

const services = new WeakMap<Db, BlogService>();

/**
 * The blog service of a database: one per handle, so the API, the RSS feed and the served page meta share one
 * cache, and an admin's edit is seen by all of them at once (test apps each have their own database).
 */
export function blogServiceFor(db: Db): BlogService {
  let service = services.get(db);
  if (!service) {
    service = new BlogService(db);
    services.set(db, service);
  }
  return service;
}

/** The blog's rules: visibility, search, caching, comment moderation and the admin's edits. */
export class BlogService {
  private readonly db: Db;
  private readonly cache = new PublicCache();

  constructor(db: Db) {
    this.db = db;
  }

  // ---- Public reads ----

  async listCategories() {
    return this.cache.get('blog:categories', () => repo.listTaxonomy(this.db, 'category'));
  }

  async listTags() {
    return this.cache.get('blog:tags', () => repo.listTaxonomy(this.db, 'tag'));
  }

  /** Published posts, newest first, 10 a page. Answers `etag` when the answer came from the cache. */
  async listPublishedPosts(query: ListQuery): Promise<{ value: Paged<BlogPost>; etag?: string }> {
    const page = query.page ?? 1;
    const tsQuery = query.q ? toPrefixTsQuery(query.q) : null;
    // An unknown category or tag has no posts; answering at once also keeps the cache's keys bounded.
    if (query.category && !(await this.listCategories()).value.some((c) => c.slug === query.category)) {
      return { value: paged([], 0, page) };
    }
    if (query.tag && !(await this.listTags()).value.some((t) => t.slug === query.tag)) {
      return { value: paged([], 0, page) };
    }
    const load = async () => {
      const { rows, count } = await repo.listPosts(
        this.db,
        {
          publishedOnly: true,
          ...(tsQuery ? { tsQuery } : {}),
          ...(query.category ? { categorySlug: query.category } : {}),
          ...(query.tag ? { tagSlug: query.tag } : {}),
        },
        { limit: BLOG_PAGE_SIZE, offset: (page - 1) * BLOG_PAGE_SIZE },
      );
      return paged(rows.map(toPublicPost), count, page);
    };
    if (tsQuery || page > CACHED_PAGES) return { value: await load() };
    return this.cache.get(`blog:posts:${query.category ?? ''}:${query.tag ?? ''}:${page}`, load);
  }

  async getPublishedPost(by: { id: number } | { slug: string }): Promise<{ value: BlogPost; etag: string }> {
    // The key ends with '|' so that forgetting one key never forgets another whose slug starts the same.
    const key = 'id' in by ? `blog:post:id:${by.id}|` : `blog:post:slug:${by.slug}|`;
    const cached = await this.cache.get(key, async () => {
      const post = await repo.findPost(this.db, by, true);
      return post ? toPublicPost(post) : null;
    });
    if (!cached.value) {
      this.cache.invalidate(key); // unknown addresses are not remembered
      throw notFound(blogMessages.postNotFound);
    }
    return cached as { value: BlogPost; etag: string };
  }

  async listApprovedComments(postSlug: string): Promise<{ value: BlogComment[]; etag: string }> {
    const key = `blog:comments:${postSlug}|`;
    const cached = await this.cache.get(key, async () => {
      const rows = await repo.listApprovedComments(this.db, postSlug);
      return rows ? rows.map(toPublicComment) : null;
    });
    if (!cached.value) {
      this.cache.invalidate(key);
      return { value: [], etag: cached.etag };
    }
    return cached as { value: BlogComment[]; etag: string };
  }

  /** The latest published posts (the RSS feed). */
  latestPosts(limit: number) {
    return repo.latestPosts(this.db, limit);
  }

  // ---- Public comments ----

  /**
   * Stores a visitor's comment. It shows at once unless it looks like spam (DESIGN §1.11): more than one
   * link, a link in the name, or a burst from one address; those wait for moderation. A filled honeypot is
   * answered like a held comment and nothing is stored, so a bot learns nothing.
   */
  async createComment(
    input: CreateCommentInput,
    ip: string,
  ): Promise<{ status: 'approved'; comment: BlogComment } | { status: 'pending' }> {
    if (input.website && input.website.trim() !== '') return { status: 'pending' };
    const post = await repo.findPost(this.db, { id: input.post }, true);
    if (!post) throw notFound(blogMessages.postNotFound);
    const links = countLinks(input.body) + countLinks(input.name);
    const burst =
      (await repo.countRecentCommentsFromIp(this.db, ip, new Date(Date.now() - COMMENT_BURST.windowMs))) >=
      COMMENT_BURST.max;
    const held = links > COMMENT_MAX_LINKS || countLinks(input.name) > 0 || burst;
    const row = await repo.insertComment(this.db, {
      postId: post.id,
      name: input.name,
      email: input.email.toLowerCase(),
      body: input.body,
      status: held ? 'pending' : 'approved',
      ip,
    });
    if (held) return { status: 'pending' };
    this.cache.invalidate(`blog:comments:${post.slug}|`);
    return { status: 'approved', comment: toPublicComment(row) };
  }

  // ---- Admin: comments ----

  async adminListComments(query: { status?: CommentStatus; page?: number }): Promise<Paged<AdminComment>> {
    const page = query.page ?? 1;
    const pageSize = 20;
    const { rows, count } = await repo.listComments(this.db, query.status ? { status: query.status } : {}, {
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return paged(rows.map(toAdminComment), count, page, pageSize);
  }

  async adminSetCommentStatus(
    id: number,
    status: CommentStatus,
    actor: string | null,
  ): Promise<AdminComment> {
    const comment = await this.db.transaction(async (tx) => {
      const before = await repo.findComment(tx, id);
      if (!before || !(await repo.setCommentStatus(tx, id, status)))
        throw notFound(adminMessages.commentNotFound);
      const after = (await repo.findComment(tx, id))!;
      const action = { approved: 'approve', rejected: 'hide', pending: 'hold' }[status];
      await recordAudit(tx, {
        actorUserId: actor,
        action,
        entityType: 'blog_comment',
        entityId: String(id),
        before: { status: before.status },
        after: { status: after.status },
      });
      return after;
    });
    this.cache.invalidate(`blog:comments:${comment.post.slug}|`);
    return toAdminComment(comment);
  }

  async adminDeleteComment(id: number, actor: string | null): Promise<void> {
    const comment = await this.db.transaction(async (tx) => {
      const before = await repo.findComment(tx, id);
      if (!before || !(await repo.deleteComment(tx, id))) throw notFound(adminMessages.commentNotFound);
      await recordAudit(tx, {
        actorUserId: actor,
        action: 'delete',
        entityType: 'blog_comment',
        entityId: String(id),
        before: toAdminComment(before),
      });
      return before;
    });
    this.cache.invalidate(`blog:comments:${comment.post.slug}|`);
  }

  // ---- Admin: posts ----

  async adminListPosts(query: ListQuery & { status?: PostStatus }): Promise<Paged<AdminPost>> {
    const page = query.page ?? 1;
    const tsQuery = query.q ? toPrefixTsQuery(query.q) : null;
    const { rows, count } = await repo.listPosts(
      this.db,
      {
        publishedOnly: false,
        ...(query.status ? { status: query.status } : {}),
        ...(tsQuery ? { tsQuery } : {}),
        ...(query.category ? { categorySlug: query.category } : {}),
        ...(query.tag ? { tagSlug: query.tag } : {}),
      },
      { limit: BLOG_PAGE_SIZE, offset: (page - 1) * BLOG_PAGE_SIZE },
    );
    return paged(rows.map(toAdminPost), count, page);
  }

  /** Whether a post still shows this cover: a replaced or deleted post's cover file goes only when none does. */
  coverInUse(url: string): Promise<boolean> {
    return repo.coverInUse(this.db, url);
  }

  async adminGetPost(id: number): Promise<AdminPost> {
    const post = await repo.findPost(this.db, { id }, false);
    if (!post) throw notFound(blogMessages.postNotFound);
    return toAdminPost(post);
  }

  private async checkPostRefs(input: AdminPostPatch, slug: string | undefined, exceptId?: number) {
    const errors: FieldErrors = {};
    if (slug !== undefined) {
      if (!slug) errors.slug = ['Enter a slug: the title has no letters or digits.'];
      else if (await repo.slugTaken(this.db, slug, exceptId))
        errors.slug = ['A post with this slug already exists.'];
    }
    if (input.category_id != null && !(await repo.findTaxonomy(this.db, 'category', input.category_id))) {
      errors.category_id = ['Unknown category.'];
    }
    if (input.tag_ids?.length) {
      const unique = [...new Set(input.tag_ids)];
      if ((await repo.countTaxonomyIds(this.db, 'tag', unique)) !== unique.length)
        errors.tag_ids = ['Unknown tag.'];
    }
    const [first] = Object.entries(errors);
    if (first) throw badRequest(`${first[0]}: ${first[1][0]}`, errors);
  }

  async adminCreatePost(input: AdminPostInput, authorUserId: string | null): Promise<AdminPost> {
    const slug = input.slug ?? slugify(input.title);
    await this.checkPostRefs(input, slug);
    const status = input.status ?? 'draft';
    const publishedAt = input.published_at
      ? new Date(input.published_at)
      : status === 'published'
        ? new Date()
        : null;
    const id = await this.writing(() =>
      this.db.transaction(async (tx) => {
        const newId = await repo.insertPost(
          tx,
          {
            slug,
            title: input.title,
            body: input.body,
            excerpt: input.excerpt ?? '',
            coverImageUrl: input.cover_image_url ?? '',
            categoryId: input.category_id ?? null,
            status,
            publishedAt,
            authorUserId,
          },
          input.tag_ids ?? [],
        );
        const created = await repo.findPost(tx, { id: newId }, false);
        await recordAudit(tx, {
          actorUserId: authorUserId,
          action: 'create',
          entityType: 'blog_post',
          entityId: String(newId),
          after: created ? toAdminPost(created) : null,
        });
        return newId;
      }),
    );
    return this.adminGetPost(id);
  }

  async adminUpdatePost(id: number, patch: AdminPostPatch, actor: string | null): Promise<AdminPost> {
    const current = await repo.findPost(this.db, { id }, false);
    if (!current) throw notFound(blogMessages.postNotFound);
    // A new title keeps the slug: published addresses stay stable unless the admin changes the slug.
    const slug = patch.slug;
    await this.checkPostRefs(patch, slug, id);
    const status = patch.status ?? current.status;
    const values: Partial<repo.PostValues> = {
      ...(slug !== undefined ? { slug } : {}),
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.body !== undefined ? { body: patch.body } : {}),
      ...(patch.excerpt !== undefined ? { excerpt: patch.excerpt } : {}),
      ...(patch.cover_image_url !== undefined ? { coverImageUrl: patch.cover_image_url } : {}),
      ...(patch.category_id !== undefined ? { categoryId: patch.category_id } : {}),
      status,
    };
    if (patch.published_at !== undefined) {
      values.publishedAt = patch.published_at ? new Date(patch.published_at) : null;
    }
    // Publishing a post that never had a publication time publishes it now.
    // (An explicit null clears a schedule: published now.)
    const nextPublishedAt = 'publishedAt' in values ? values.publishedAt : current.publishedAt;
    if (status === 'published' && !nextPublishedAt) values.publishedAt = new Date();
    await this.writing(() =>
      this.db.transaction(async (tx) => {
        await repo.updatePost(tx, id, values, patch.tag_ids);
        const after = await repo.findPost(tx, { id }, false);
        const action =
          current.status !== status ? (status === 'published' ? 'publish' : 'unpublish') : 'update';
        await recordAudit(tx, {
          actorUserId: actor,
          action,
          entityType: 'blog_post',
          entityId: String(id),
          before: toAdminPost(current),
          after: after ? toAdminPost(after) : null,
        });
      }),
    );
    return this.adminGetPost(id);
  }

  async adminDeletePost(id: number, actor: string | null): Promise<void> {
    await this.writing(() =>
      this.db.transaction(async (tx) => {
        const before = await repo.findPost(tx, { id }, false);
        if (!before || !(await repo.deletePost(tx, id))) throw notFound(blogMessages.postNotFound);
        await recordAudit(tx, {
          actorUserId: actor,
          action: 'delete',
          entityType: 'blog_post',
          entityId: String(id),
          before: toAdminPost(before),
        });
      }),
    );
  }

  // ---- Admin: categories and tags ----

  async adminCreateTaxonomy(kind: TaxonomyKind, input: TaxonomyInput, actor: string | null) {
    const slug = input.slug ?? slugify(input.name);
    await this.checkTaxonomySlug(kind, slug);
    return this.writing(() =>
      this.db.transaction(async (tx) => {
        const row = await repo.insertTaxonomy(tx, kind, { name: input.name, slug });
        await recordAudit(tx, {
          actorUserId: actor,
          action: 'create',
          entityType: `blog_${kind}`,
          entityId: String(row.id),
          after: row,
        });
        return row;
      }),
    );
  }

  async adminUpdateTaxonomy(
    kind: TaxonomyKind,
    id: number,
    input: Partial<TaxonomyInput>,
    actor: string | null,
  ) {
    if (input.slug !== undefined) await this.checkTaxonomySlug(kind, input.slug, id);
    const notFoundMessage = kind === 'category' ? adminMessages.categoryNotFound : adminMessages.tagNotFound;
    return this.writing(() =>
      this.db.transaction(async (tx) => {
        const before = await repo.findTaxonomy(tx, kind, id);
        const row = await repo.updateTaxonomy(tx, kind, id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.slug !== undefined ? { slug: input.slug } : {}),
        });
        if (!before || !row) throw notFound(notFoundMessage);
        await recordAudit(tx, {
          actorUserId: actor,
          action: 'update',
          entityType: `blog_${kind}`,
          entityId: String(id),
          before,
          after: row,
        });
        return row;
      }),
    );
  }

  async adminDeleteTaxonomy(kind: TaxonomyKind, id: number, actor: string | null): Promise<void> {
    await this.writing(() =>
      this.db.transaction(async (tx) => {
        const before = await repo.findTaxonomy(tx, kind, id);
        if (!before || !(await repo.deleteTaxonomy(tx, kind, id))) {
          throw notFound(kind === 'category' ? adminMessages.categoryNotFound : adminMessages.tagNotFound);
        }
        await recordAudit(tx, {
          actorUserId: actor,
          action: 'delete',
          entityType: `blog_${kind}`,
          entityId: String(id),
          before,
        });
      }),
    );
  }

  private async checkTaxonomySlug(kind: TaxonomyKind, slug: string, exceptId?: number) {
    if (!slug)
      throw badRequest('Enter a slug: the name has no letters or digits.', {
        slug: ['Enter a slug: the name has no letters or digits.'],
      });
    if (await repo.taxonomySlugTaken(this.db, kind, slug, exceptId)) {
      const message = `A ${kind} with this slug already exists.`;
      throw badRequest(message, { slug: [message] });
    }
  }

  /** Every content write forgets the cached public reads; a slug race answers 400 like the pre-check. */
  private async writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err))
        throw badRequest('This slug is already taken.', { slug: ['This slug is already taken.'] });
      throw err;
    } finally {
      this.cache.invalidate('blog:');
    }
  }
}
