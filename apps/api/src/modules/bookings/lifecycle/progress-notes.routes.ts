import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { sessionIdParamsSchema } from '@tibeb/domain/bookings/lifecycle';
import { progressNoteBodySchema, progressNoteSchema } from '@tibeb/domain/bookings/progress-notes';
import { z } from 'zod';
import { unauthorized } from '../../../platform/http/app-error.ts';
import { errorResponseSchema as errorBody } from '../../../platform/http/schemas.ts';
import type { Actor } from './lifecycle-deps.service.ts';
import { currentNote, editNote, withdrawNote } from './progress-notes.service.ts';

const actorOf = (request: FastifyRequest): Actor => {
  if (!request.user) throw unauthorized();
  return { userId: request.user.sub, role: request.user.role };
};

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * A lesson's progress note, corrected by the tutor who wrote it (issue 31 item 6, decision 261): read it, edit it
 * or withdraw it for 7 days after writing it. A signed-in user is checked before the body (a visitor gets 401).
 */
export const progressNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bookings/sessions/:id/progress-note/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['bookings'],
        summary:
          "A lesson's current progress note, for its tutor: the text, when written or edited, until when it may change",
        security: [{ bearerAuth: [] }],
        params: sessionIdParamsSchema,
        response: { 200: progressNoteSchema, 401: errorBody, 403: errorBody, 404: errorBody, 400: errorBody },
      },
    },
    (request) => currentNote(app.db, actorOf(request), request.params.id),
  );

  app.patch(
    '/bookings/sessions/:id/progress-note/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['bookings'],
        summary:
          'The tutor corrects the progress note it wrote, within 7 days; the family reads the new text, marked edited',
        security: [{ bearerAuth: [] }],
        params: sessionIdParamsSchema,
        body: progressNoteBodySchema,
        response: { 200: progressNoteSchema, ...errors },
      },
    },
    (request) => editNote(app.db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/bookings/sessions/:id/progress-note/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['bookings'],
        summary:
          'The tutor withdraws the progress note it wrote, within 7 days; no screen or report shows it any more',
        security: [{ bearerAuth: [] }],
        params: sessionIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await withdrawNote(app.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
