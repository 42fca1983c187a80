import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCommentListQuerySchema,
  adminCommentListSchema,
  adminCommentPatchSchema,
  adminCommentSchema,
  adminPostInputSchema,
  adminPostListQuerySchema,
  adminPostListSchema,
  adminPostPatchSchema,
  adminPostSchema,
  blogCategorySchema,
  blogCommentListQuerySchema,
  blogCommentSchema,
  blogIdSchema,
  blogPostListQuerySchema,
  blogPostListSchema,
  blogPostSchema,
  blogTagSchema,
  commentCreatedSchema,
  commentPendingSchema,
  createCommentSchema,
  taxonomyInputSchema,
  taxonomyPatchSchema,
} from '@tibeb/domain/blog/contracts';
import { blogMessages } from '@tibeb/domain/blog/messages';
import type { FastifyRequest } from 'fastify';
import { saveImageUpload } from '../../platform/storage/uploads.ts';
import { uploadedImage } from '@tibeb/domain/uploads/contracts';
import { withEtag } from '../../platform/cache/public-cache.ts';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { blogServiceFor } from './blog.service.ts';
import type { TaxonomyKind } from './blog.service.ts';
import { errorResponseSchema as errorSchema } from '../../platform/http/schemas.ts';

const idParams = z.object({ id: blogIdSchema });
const slugParams = z.object({ slug: z.string().min(1).max(200) });
const adminSecurity = [{ bearerAuth: [] }];

/** The blog module's HTTP routes (prefix /api): public reads and comments (spec §7), and the admin's edits. */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const blog = blogServiceFor(app.db);
  /** A cover no post shows any more leaves the upload store (decision 200); a failure is only logged. */
  const dropCover = async (request: FastifyRequest, previous: string, current: string) => {
    if (!previous || previous === current || (await blog.coverInUse(previous))) return;
    await app.uploads
      .remove(previous)
      .catch((err: unknown) => request.log.warn({ err, url: previous }, 'an old cover could not be removed'));
  };

  // ---- Public ----

  app.get(
    '/blog/posts/',
    {
      schema: {
        tags: ['blog'],
        summary: 'Published posts, newest first, 10 a page; q searches title, excerpt and body',
        querystring: blogPostListQuerySchema,
        response: { 200: blogPostListSchema, 304: z.null(), 400: errorSchema },
      },
    },
    async (request, reply) => {
      const result = await blog.listPublishedPosts(request.query);
      if (!result.etag) return result.value;
      return withEtag(request, reply, { value: result.value, etag: result.etag }) ?? reply;
    },
  );

  app.get(
    '/blog/posts/:id',
    {
      schema: {
        tags: ['blog'],
        summary: 'One published post by its numeric id',
        params: idParams,
        response: { 200: blogPostSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) =>
      withEtag(request, reply, await blog.getPublishedPost({ id: request.params.id })) ?? reply,
  );

  app.get(
    '/blog/posts/slug/:slug/',
    {
      schema: {
        tags: ['blog'],
        summary: 'One published post by its slug',
        params: slugParams,
        response: { 200: blogPostSchema, 404: errorSchema },
      },
    },
    async (request, reply) =>
      withEtag(request, reply, await blog.getPublishedPost({ slug: request.params.slug })) ?? reply,
  );

  app.get(
    '/blog/categories/',
    {
      schema: { tags: ['blog'], summary: 'Blog categories', response: { 200: z.array(blogCategorySchema) } },
    },
    async (request, reply) => withEtag(request, reply, await blog.listCategories()) ?? reply,
  );

  app.get(
    '/blog/tags/',
    { schema: { tags: ['blog'], summary: 'Blog tags', response: { 200: z.array(blogTagSchema) } } },
    async (request, reply) => withEtag(request, reply, await blog.listTags()) ?? reply,
  );

  app.get(
    '/blog/comments/',
    {
      schema: {
        tags: ['blog'],
        summary: "A post's approved comments, oldest first (never their e-mail addresses)",
        querystring: blogCommentListQuerySchema,
        response: { 200: z.array(blogCommentSchema), 400: errorSchema },
      },
    },
    async (request, reply) =>
      withEtag(request, reply, await blog.listApprovedComments(request.query.post_slug)) ?? reply,
  );

  app.post(
    '/blog/comments/',
    {
      // Five comments a minute per address; beyond that 429 (the form shows the spec's failure text).
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['blog'],
        summary: 'Posts a comment: 201 when it shows at once, 202 when it is held for moderation',
        body: createCommentSchema,
        response: {
          201: commentCreatedSchema,
          202: commentPendingSchema,
          400: errorSchema,
          404: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await blog.createComment(request.body, request.ip);
      if (result.status === 'pending') {
        return reply.status(202).send({ detail: blogMessages.commentPending, status: 'pending' as const });
      }
      return reply.status(201).send({ ...result.comment, status: 'approved' as const });
    },
  );

  // ---- Admin (admin, staff, superuser) ----
  const adminPreHandler = app.requireRole(ADMIN_ROLES);
  const adminErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
  /** An admin route's options: the role guard, and `schema` with the admin tag, security and errors. */
  const adminRoute = <S extends { response: object }>(schema: S) => ({
    preHandler: adminPreHandler,
    schema: {
      tags: ['blog admin'],
      security: adminSecurity,
      ...schema,
      response: { ...schema.response, ...adminErrors },
    },
  });
  /** Deleting by id: 204 with no body. */
  const deleteById = { params: idParams, response: { 204: z.null() } };

  app.get(
    '/admin/blog/posts/',
    adminRoute({
      summary: 'Every post, drafts included, newest first',
      querystring: adminPostListQuerySchema,
      response: { 200: adminPostListSchema },
    }),
    async (request) => blog.adminListPosts(request.query),
  );

  app.post(
    '/admin/blog/posts/',
    adminRoute({
      summary: 'Creates a post (a draft unless status is published)',
      body: adminPostInputSchema,
      response: { 201: adminPostSchema },
    }),
    async (request, reply) =>
      reply.status(201).send(await blog.adminCreatePost(request.body, request.user?.sub ?? null)),
  );

  app.get(
    '/admin/blog/posts/:id/',
    adminRoute({ params: idParams, response: { 200: adminPostSchema } }),
    async (request) => blog.adminGetPost(request.params.id),
  );

  app.patch(
    '/admin/blog/posts/:id/',
    adminRoute({
      params: idParams,
      body: adminPostPatchSchema,
      response: { 200: adminPostSchema },
    }),
    async (request) => {
      const before = await blog.adminGetPost(request.params.id);
      const after = await blog.adminUpdatePost(request.params.id, request.body, request.user?.sub ?? null);
      await dropCover(request, before.cover_image_url, after.cover_image_url);
      return after;
    },
  );

  app.delete('/admin/blog/posts/:id/', adminRoute(deleteById), async (request, reply) => {
    const before = await blog.adminGetPost(request.params.id);
    await blog.adminDeletePost(request.params.id, request.user?.sub ?? null);
    await dropCover(request, before.cover_image_url, '');
    return reply.status(204).send(null);
  });

  app.post(
    '/admin/blog/uploads/',
    adminRoute({
      summary: 'Uploads a cover image (JPEG, PNG or WebP up to 5 MB; stored resized as WebP)',
      consumes: ['multipart/form-data'],
      response: { 201: uploadedImage, 413: errorSchema },
    }),
    async (request, reply) =>
      reply.status(201).send(
        await saveImageUpload(request, app.uploads, {
          folder: 'blog',
          maxWidth: 1600,
          maxHeight: 1600,
          minSide: 200,
        }),
      ),
  );

  const taxonomyRoutes = (kind: TaxonomyKind, path: string, schema: typeof blogCategorySchema) => {
    app.get(`/admin/blog/${path}/`, adminRoute({ response: { 200: z.array(schema) } }), async () =>
      (kind === 'category' ? blog.listCategories() : blog.listTags()).then((r) => r.value),
    );
    app.post(
      `/admin/blog/${path}/`,
      adminRoute({ body: taxonomyInputSchema, response: { 201: schema } }),
      async (request, reply) =>
        reply.status(201).send(await blog.adminCreateTaxonomy(kind, request.body, request.user?.sub ?? null)),
    );
    app.patch(
      `/admin/blog/${path}/:id/`,
      adminRoute({
        params: idParams,
        body: taxonomyPatchSchema,
        response: { 200: schema },
      }),
      async (request) =>
        blog.adminUpdateTaxonomy(kind, request.params.id, request.body, request.user?.sub ?? null),
    );
    app.delete(`/admin/blog/${path}/:id/`, adminRoute(deleteById), async (request, reply) => {
      await blog.adminDeleteTaxonomy(kind, request.params.id, request.user?.sub ?? null);
      return reply.status(204).send(null);
    });
  };
  taxonomyRoutes('category', 'categories', blogCategorySchema);
  taxonomyRoutes('tag', 'tags', blogTagSchema);

  app.get(
    '/admin/blog/comments/',
    adminRoute({
      summary: 'Comments for moderation, newest first (?status=pending for the queue), 20 a page',
      querystring: adminCommentListQuerySchema,
      response: { 200: adminCommentListSchema },
    }),
    async (request) => blog.adminListComments(request.query),
  );

  app.patch(
    '/admin/blog/comments/:id/',
    adminRoute({
      summary: 'Approves, rejects or re-queues a comment',
      params: idParams,
      body: adminCommentPatchSchema,
      response: { 200: adminCommentSchema },
    }),
    async (request) =>
      blog.adminSetCommentStatus(request.params.id, request.body.status, request.user?.sub ?? null),
  );

  app.delete('/admin/blog/comments/:id/', adminRoute(deleteById), async (request, reply) => {
    await blog.adminDeleteComment(request.params.id, request.user?.sub ?? null);
    return reply.status(204).send(null);
  });
};
