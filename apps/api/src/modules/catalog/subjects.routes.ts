import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  isActiveFilterSchema,
  subjectListSchema,
  subjectSchema,
  subjectUpdateSchema,
} from '@tibeb/domain/subjects/contract';
import { z } from 'zod';
import { withEtag } from '../../platform/cache/public-cache.ts';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import * as service from './subjects.service.ts';
import { errorResponseSchema as errorBody } from '../../platform/http/schemas.ts';

const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,12}$/, 'A subject id is a whole number.')
    .transform(Number),
});
const listQuery = z.object({ is_active: isActiveFilterSchema.optional(), _ts: z.string().optional() });

/** The subject catalogue (booking by subject, prices) and its administration. */
export const subjectsRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: a visitor without the role gets 401/403 before any input is validated.
  const admin = { onRequest: app.requireRole(ADMIN_ROLES) };
  const security = [{ bearerAuth: [] }];

  // The spec's client reads /subjects/public/ and falls back to /subjects/subjects/: both answer the same.
  for (const path of ['/subjects/public/', '/subjects/subjects/']) {
    app.get(
      path,
      {
        compress: false,
        schema: {
          tags: ['subjects'],
          summary: 'Subjects with their price per hour (dollars); is_active=1/0/true/false filters',
          querystring: listQuery,
          response: { 200: subjectListSchema, 304: z.null(), 400: errorBody },
        },
      },
      async (request, reply) =>
        withEtag(request, reply, await service.publicSubjects(app.db, request.query.is_active)),
    );
  }

  app.get(
    '/admin/subjects/',
    {
      ...admin,
      schema: {
        tags: ['subjects'],
        security,
        response: { 200: z.array(subjectSchema), 401: errorBody, 403: errorBody },
      },
    },
    () => service.adminSubjects(app.db),
  );

  app.patch(
    '/admin/subjects/:id/',
    {
      ...admin,
      schema: {
        tags: ['subjects'],
        security,
        params: idParams,
        body: subjectUpdateSchema,
        response: {
          200: subjectSchema,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    (request) => service.updateSubject(app.db, request.params.id, request.body, request.user?.sub ?? null),
  );
};
