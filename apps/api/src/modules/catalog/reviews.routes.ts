import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  familyTutorSchema,
  publicReviewSchema,
  reviewBodySchema,
  tutorIdParamsSchema,
} from '@tibeb/domain/reviews/contracts';
import { reviewsPageLimits as limits, tutorReviewsPageSchema } from '@tibeb/domain/tutors/search';
import { withEtag } from '../../platform/cache/public-cache.ts';
import { errorResponseSchema as errorBody } from '../../platform/http/schemas.ts';
import * as reviews from './reviews.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Tutor reviews (issue 15 item 4): the public latest ones, and the family's own (prefix /api). */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const student = app.requireRole(['student']);

  app.get(
    '/tutors/public/:id/reviews/',
    {
      // Sent as prepared gzip, brotli or plain bytes (withEtag): nothing for @fastify/compress to do.
      compress: false,
      schema: {
        tags: ['tutors'],
        summary:
          "A published tutor's reviews, latest first, a page at a time (limit 1–20, offset 0–10000), with the " +
          'rating and count the directory shows (`total`: every review of the tutor)',
        params: tutorIdParamsSchema,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(limits.maxLimit).default(limits.defaultLimit),
          offset: z.coerce.number().int().min(0).max(limits.maxOffset).default(0),
        }),
        response: { 200: tutorReviewsPageSchema, 304: z.null(), 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) =>
      withEtag(
        request,
        reply,
        await reviews.publicReviews(app.db, request.params.id, request.query.limit, request.query.offset),
      ),
  );

  app.get(
    '/student/my-tutors/',
    {
      schema: {
        tags: ['student area'],
        security: [{ bearerAuth: [] }],
        summary: 'The tutors the family booked: sessions with each, and its review (once one is completed)',
        response: { 200: z.array(familyTutorSchema), ...errors },
      },
      preHandler: student,
    },
    async (request) => reviews.familyTutors(app.db, request.user!.sub),
  );

  app.put(
    '/student/tutors/:id/review/',
    {
      schema: {
        tags: ['student area'],
        security: [{ bearerAuth: [] }],
        summary:
          'Writes or edits the family’s review of a tutor (1–5 stars and text), once a session with them is completed',
        params: tutorIdParamsSchema,
        body: reviewBodySchema,
        response: { 200: publicReviewSchema, ...errors },
      },
      preHandler: student,
    },
    async (request) => reviews.saveReview(app.db, request.user!.sub, request.params.id, request.body),
  );
};
