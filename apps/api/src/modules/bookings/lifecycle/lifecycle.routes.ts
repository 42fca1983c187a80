import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attendanceBodySchema,
  cancelSessionBodySchema,
  rescheduleSessionBodySchema,
  reschedulePreviewSchema,
  sessionIdParamsSchema,
} from '@tibeb/domain/bookings/lifecycle';
import { reservationSummarySchema } from '@tibeb/domain/bookings/payload';
import { unauthorized } from '../../../platform/http/app-error.ts';
import { errorResponseSchema as errorBody } from '../../../platform/http/schemas.ts';
import type { FastifyRequest } from 'fastify';
import { markAttendance } from './attendance.service.ts';
import { cancelSession } from './cancel.service.ts';
import { lifecycleDeps, type Actor } from './lifecycle-deps.service.ts';
import { previewReschedule, rescheduleSession } from './reschedule.service.ts';
import { substitutionRoutes } from './substitution.routes.ts';
import { tutorChangesRoutes } from './tutor-changes.routes.ts';
import { incidentsRoutes } from './incidents.routes.ts';

const actorOf = (request: FastifyRequest): Actor => {
  if (!request.user) throw unauthorized();
  return { userId: request.user.sub, role: request.user.role };
};

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * The lifecycle's HTTP routes (issue 11 §5–§7): cancel, reschedule and attendance of one session. Each needs
 * a signed-in user (checked before the body, so a visitor always gets 401); who may do what is the service's rule (the family that owns it or an admin; the tutor for
 * attendance). Each answers the reservation's summary.
 */
export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = lifecycleDeps(app);
  // The tutor's side of changes and the family's answers to move requests (decision 260).
  await app.register(tutorChangesRoutes);
  // A substitute tutor for the rest of a series (decision 274).
  await app.register(substitutionRoutes);
  // Interruptions and tutors' absences (decision 271).
  await app.register(incidentsRoutes);

  app.post(
    '/bookings/sessions/:id/cancel/',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags: ['bookings'],
        summary:
          "Cancel a session ('one') or it and every later one ('series'): credit or refund in time, value kept inside the notice",
        security: [{ bearerAuth: [] }],
        params: sessionIdParamsSchema,
        body: cancelSessionBodySchema,
        response: { 200: reservationSummarySchema, ...errors },
      },
    },
    (request) => cancelSession(deps, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/bookings/sessions/:id/reschedule/',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags: ['bookings'],
        summary:
          "Move a session ('one') or it and every later one ('series') to a new date and time in the tutor's zone",
        security: [{ bearerAuth: [] }],
        params: sessionIdParamsSchema,
        body: rescheduleSessionBodySchema,
        response: { 200: reservationSummarySchema, ...errors },
      },
    },
    (request) => rescheduleSession(deps, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/bookings/sessions/:id/reschedule/preview/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['bookings'],
        summary:
          'Dry run of a reschedule (decision 250): every session that would move, from → to; nothing is changed',
        security: [{ bearerAuth: [] }],
        params: sessionIdParamsSchema,
        body: rescheduleSessionBodySchema,
        response: { 200: reschedulePreviewSchema, ...errors },
      },
    },
    (request) => previewReschedule(deps, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/bookings/sessions/:id/attendance/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['bookings'],
        summary:
          "The session's tutor or an admin marks it attended or no-show, with the family's progress note",
        security: [{ bearerAuth: [] }],
        params: sessionIdParamsSchema,
        body: attendanceBodySchema,
        response: { 200: reservationSummarySchema, ...errors },
      },
    },
    (request) => markAttendance(deps, actorOf(request), request.params.id, request.body),
  );
};
