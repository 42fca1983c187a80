import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicTutorListSchema } from '@tibeb/domain/tutors/contract';
import {
  publicTutorPageSchema,
  tutorSearchQuerySchema,
  tutorSearchResultSchema,
} from '@tibeb/domain/tutors/search';
import { z } from 'zod';
import { withEtag } from '../../platform/cache/public-cache.ts';
import { adminTutorProfileRoutes, tutorSelfRoutes } from './tutor-profile.routes.ts';
import * as search from './search.service.ts';
import * as service from './tutors.service.ts';
import { errorResponseSchema as errorBody } from '../../platform/http/schemas.ts';

const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,12}$/, 'A tutor id is a whole number.')
    .transform(Number),
});
// The spec's client adds `_ts` to bust caches; it changes nothing here.
const publicQuery = z.object({ _ts: z.string().optional() });

/** The public tutor directory and its administration. */
export const tutorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tutors/public/',
    {
      // Sent as prepared gzip, brotli or plain bytes (withEtag): nothing for @fastify/compress to do.
      compress: false,
      schema: {
        tags: ['tutors'],
        summary: 'Published tutors with their ratings and weekly availability',
        querystring: publicQuery,
        response: { 200: publicTutorListSchema, 304: z.null(), 400: errorBody },
      },
    },
    async (request, reply) => withEtag(request, reply, await service.publicTutorList(app.db)),
  );

  app.get(
    '/tutors/search/',
    {
      compress: false,
      schema: {
        tags: ['tutors'],
        summary:
          'One page of published tutors matching the filters (decision 239): sort rating|price|next_free, ' +
          'limit 1–50 (12), the total, and next_cursor for the following page',
        querystring: tutorSearchQuerySchema.extend({ _ts: z.string().optional() }),
        response: { 200: tutorSearchResultSchema, 304: z.null(), 400: errorBody },
      },
    },
    async (request, reply) => withEtag(request, reply, await search.searchTutors(app.db, request.query)),
  );

  app.get(
    '/tutors/public/:id/',
    {
      compress: false,
      schema: {
        tags: ['tutors'],
        summary:
          'One published tutor with availability (mon..sun of {start, end}, wall-clock HH:MM), its slug, ' +
          'languages and next free 1-hour starts this week',
        params: idParams,
        querystring: publicQuery,
        response: { 200: publicTutorPageSchema, 304: z.null(), 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => withEtag(request, reply, await service.publicTutor(app.db, request.params.id)),
  );

  await adminTutorProfileRoutes(app, {});
  await tutorSelfRoutes(app, {});
};
