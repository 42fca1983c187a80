import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessage, contactMessageCreated, contactMessageInput } from '@tibeb/domain/site/contracts';
import { siteLimits, siteMessages } from '@tibeb/domain/site/messages';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { ContactsService } from './contacts.service.ts';
import { errorResponseSchema as errorBody } from '../../platform/http/schemas.ts';

export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ContactsService({
    db: app.db,
    mailer: app.mailer,
    log: app.log,
    counters: app.counters,
  });

  app.post(
    '/contacts/',
    {
      // Per client address: a person writes a few messages, a script writes hundreds.
      config: {
        rateLimit: {
          max: siteLimits.contactMaxPerWindow,
          timeWindow: siteLimits.contactWindowMs,
          errorResponseBuilder: () => new AppError(429, siteMessages.contactRateLimited),
        },
      },
      schema: {
        tags: ['contacts'],
        summary: 'Send a message to the team (spec §7: success is 201)',
        body: contactMessageInput,
        response: { 201: contactMessageCreated, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = await service.submit(request.body, request.ip);
      return reply.status(201).send({ id, detail: siteMessages.contactSuccess });
    },
  );

  app.get(
    '/admin/contacts/',
    {
      preHandler: app.requireRole(ADMIN_ROLES),
      schema: {
        tags: ['contacts'],
        security: [{ bearerAuth: [] }],
        summary: 'Contact messages, newest first',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: z.array(contactMessage), 401: errorBody, 403: errorBody },
      },
    },
    (request) => service.list(request.query.limit),
  );

  app.patch(
    '/admin/contacts/:id/',
    {
      preHandler: app.requireRole(ADMIN_ROLES),
      schema: {
        tags: ['contacts'],
        security: [{ bearerAuth: [] }],
        summary: 'Mark a message handled (or not)',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: z.object({ handled: z.boolean() }),
        response: { 200: contactMessage, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    (request) => service.setHandled(request.params.id, request.body.handled, request.user?.sub ?? null),
  );
};
