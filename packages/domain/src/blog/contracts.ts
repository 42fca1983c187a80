import { z } from 'zod';
import { blogMessages as m } from './messages.ts';
import { COMMENT_LIMITS } from './rules.ts';

/** PostgreSQL integer ids: a larger number is bad input, not a database error. */
const MAX_ID = 2_147_483_647;
export const blogIdSchema = z.coerce.number().int().positive().max(MAX_ID);

/** Slugs: lowercase letters (any script), digits and single dashes. */
export const blogSlugPattern = /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u;

// ---- Public shapes (spec §3) ----
export const blogCategorySchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export const blogTagSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const blogPostSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  excerpt: z.string(),
  cover_image_url: z.string(),
  published_at: z.string().nullable(),
  category: blogCategorySchema.nullable(),
  tags: z.array(blogTagSchema),
});

/** The server paginates (spec §7): 10 a page; next / previous are page numbers or null. */
export const blogPostListSchema = z.object({
  count: z.number().int(),
  next: z.number().int().nullable(),
  previous: z.number().int().nullable(),
  results: z.array(blogPostSchema),
});

export const blogPostListQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search text must be at most 200 characters.').optional(),
  category: z.string().trim().max(120).optional(),
  tag: z.string().trim().max(120).optional(),
  page: z.coerce
    .number({ error: 'Page must be a whole number of at least 1.' })
    .int('Page must be a whole number of at least 1.')
    .min(1, 'Page must be a whole number of at least 1.')
    .max(100_000, 'Page must be a whole number of at least 1.')
    .optional(),
});

/** A public comment never shows the e-mail address. */
export const blogCommentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  body: z.string(),
  created_at: z.string(),
});

export const blogCommentListQuerySchema = z.object({
  post_slug: z.string({ error: m.postSlugRequired }).trim().min(1, m.postSlugRequired).max(200),
});

export const createCommentSchema = z.object({
  post: z.coerce
    .number({ error: m.postNotFound })
    .int(m.postNotFound)
    .positive(m.postNotFound)
    .max(MAX_ID, m.postNotFound),
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(COMMENT_LIMITS.nameMax, m.nameTooLong),
  email: z
    .string({ error: m.emailInvalid })
    .trim()
    .max(COMMENT_LIMITS.emailMax, m.emailInvalid)
    .pipe(z.email({ error: m.emailInvalid })),
  body: z
    .string({ error: m.bodyRequired })
    .trim()
    .min(1, m.bodyRequired)
    .max(COMMENT_LIMITS.bodyMax, m.bodyTooLong),
  /** Honeypot: hidden from people; a bot that fills it is answered as if held, and nothing is stored. */
  website: z.string().max(2000).optional(),
});
export type CreateCommentInput = z.infer<typeof createCommentSchema>;

export const commentCreatedSchema = blogCommentSchema.extend({ status: z.literal('approved') });
export const commentPendingSchema = z.object({ detail: z.string(), status: z.literal('pending') });

export type BlogCategory = z.infer<typeof blogCategorySchema>;
export type BlogTag = z.infer<typeof blogTagSchema>;
export type BlogPost = z.infer<typeof blogPostSchema>;
export type BlogPostList = z.infer<typeof blogPostListSchema>;
export type BlogComment = z.infer<typeof blogCommentSchema>;
export type CommentCreated = z.infer<typeof commentCreatedSchema>;
export type CommentPending = z.infer<typeof commentPendingSchema>;

// ---- Admin shapes (/api/admin/blog/…) ----
export const postStatuses = ['draft', 'published'] as const;
export const commentStatuses = ['approved', 'pending', 'rejected'] as const;

const slugInput = z
  .string()
  .trim()
  .toLowerCase()
  .max(120)
  .regex(blogSlugPattern, 'Use lowercase letters, digits and dashes.');
const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);

export const adminPostSchema = blogPostSchema.extend({
  status: z.enum(postStatuses),
  created_at: z.string(),
  updated_at: z.string(),
});
export const adminPostListSchema = z.object({
  count: z.number().int(),
  next: z.number().int().nullable(),
  previous: z.number().int().nullable(),
  results: z.array(adminPostSchema),
});
export const adminPostListQuerySchema = blogPostListQuerySchema.extend({
  status: z.enum(postStatuses).optional(),
});

export const adminPostInputSchema = z.object({
  title: z
    .string({ error: 'Title is required.' })
    .trim()
    .min(1, 'Title is required.')
    .max(200, 'At most 200 characters.'),
  slug: slugInput.optional(),
  body: z
    .string({ error: 'Body is required.' })
    .trim()
    .min(1, 'Body is required.')
    .max(100_000, 'At most 100000 characters.'),
  excerpt: optionalText(500).optional(),
  cover_image_url: optionalText(500).optional(),
  category_id: z.number().int().positive().max(MAX_ID).nullable().optional(),
  tag_ids: z.array(z.number().int().positive().max(MAX_ID)).max(30).optional(),
  status: z.enum(postStatuses).optional(),
  published_at: z.iso.datetime({ offset: true }).nullable().optional(),
});
export const adminPostPatchSchema = adminPostInputSchema.partial();
export type AdminPost = z.infer<typeof adminPostSchema>;
export type AdminPostInput = z.infer<typeof adminPostInputSchema>;
export type AdminPostPatch = z.infer<typeof adminPostPatchSchema>;

export const taxonomyInputSchema = z.object({
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(80, 'At most 80 characters.'),
  slug: slugInput.optional(),
});
export const taxonomyPatchSchema = taxonomyInputSchema.partial();
export type TaxonomyInput = z.infer<typeof taxonomyInputSchema>;

export const adminCommentSchema = blogCommentSchema.extend({
  email: z.string(),
  status: z.enum(commentStatuses),
  ip: z.string(),
  post: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }),
});
export const adminCommentListSchema = z.object({
  count: z.number().int(),
  next: z.number().int().nullable(),
  previous: z.number().int().nullable(),
  results: z.array(adminCommentSchema),
});
export const adminCommentListQuerySchema = z.object({
  status: z.enum(commentStatuses).optional(),
  page: blogPostListQuerySchema.shape.page,
});
export const adminCommentPatchSchema = z.object({ status: z.enum(commentStatuses) });
export type AdminComment = z.infer<typeof adminCommentSchema>;
export type CommentStatus = (typeof commentStatuses)[number];

// ---- Answers as clients parse them ----
/** GET /api/blog/categories/ and /api/admin/blog/categories/. */
export const blogCategoryListSchema = z.array(blogCategorySchema);
/** GET /api/blog/tags/ and /api/admin/blog/tags/. */
export const blogTagListSchema = z.array(blogTagSchema);
/** GET /api/blog/comments/?post_slug= : a post's approved comments, oldest first. */
export const blogCommentListSchema = z.array(blogCommentSchema);
/** POST /api/blog/comments/: 201 with the comment shown at once, or 202 when it is held for moderation. */
export const commentPostedSchema = z.discriminatedUnion('status', [
  commentCreatedSchema,
  commentPendingSchema,
]);
export type CommentPosted = z.infer<typeof commentPostedSchema>;
export type AdminPostList = z.infer<typeof adminPostListSchema>;
export type AdminCommentList = z.infer<typeof adminCommentListSchema>;
