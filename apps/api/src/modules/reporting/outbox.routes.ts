import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { outboxList, outboxListQuery, outboxResendParams } from '@tibeb/domain/admin/outbox';
import { errorResponseSchema as errorBody } from '../../platform/http/schemas.ts';
import { OutboxService } from './outbox.service.ts';

/** The mail outbox for admins (prefix /api; issue 29 item 4, decision 219). */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const outbox = new OutboxService(app.db, app.mailer);

  app.get(
    '/admin/outbox/',
    {
      preHandler: app.requireRole(ADMIN_ROLES),
      schema: {
        tags: ['admin: outbox'],
        security: [{ bearerAuth: [] }],
        summary: 'Queued, failing, given-up and sent e-mail, newest first (25 a page)',
        querystring: outboxListQuery,
        response: { 200: outboxList, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    (request) => outbox.list(request.query),
  );

  app.post(
    '/admin/outbox/:id/resend/',
    {
      preHandler: app.requireRole(ADMIN_ROLES),
      schema: {
        tags: ['admin: outbox'],
        security: [{ bearerAuth: [] }],
        summary: 'Send an unsent e-mail again now, with its attempts reset (audited)',
        params: outboxResendParams,
        response: {
          204: z.null(),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      await outbox.resend(request.params.id, request.user?.sub ?? null);
      return reply.status(204).send(null);
    },
  );
};
