import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { sessionIdParamsSchema } from '@tibeb/domain/bookings/lifecycle';
import { reservationSummarySchema } from '@tibeb/domain/bookings/payload';
import {
  askOfficeBodySchema,
  askOfficeResultSchema,
  moveRequestIdParamsSchema,
  moveRequestListSchema,
  sickDayBodySchema,
  sickDayResultSchema,
  tutorCancelBodySchema,
  tutorMoveBodySchema,
  tutorMoveResultSchema,
} from '@tibeb/domain/bookings/tutor-changes';
import { z } from 'zod';
import { unauthorized } from '../../../platform/http/app-error.ts';
import { errorResponseSchema as errorBody } from '../../../platform/http/schemas.ts';
import { lifecycleDeps, type Actor } from './lifecycle-deps.service.ts';
import {
  acceptMoveRequest,
  declineMoveRequest,
  familyMoveRequests,
  tutorMoveRequests,
  withdrawMoveRequest,
} from './move-requests.service.ts';
import { askOffice, reportSickDay, tutorCancel, tutorMove } from './tutor-changes.service.ts';

const actorOf = (request: FastifyRequest): Actor => {
  if (!request.user) throw unauthorized();
  return { userId: request.user.sub, role: request.user.role };
};

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const security = [{ bearerAuth: [] }];
const closedSchema = z.object({ id: z.string(), status: z.enum(['declined', 'withdrawn']) });

/**
 * The tutor's side of changes (issue 31 item 6, decision 260; prefix /api): the tutor cancels or moves a lesson
 * or the rest of its series, reports sick for a day, asks the office, lists and withdraws its move requests; the
 * family lists, accepts and declines them.
 */
export const tutorChangesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = lifecycleDeps(app);
  const tutor = app.requireRole(['tutor']);
  const family = app.requireRole(['student']);
  const tags = ['tutor area'];

  app.post(
    '/tutor/sessions/:id/cancel/',
    {
      preHandler: tutor,
      schema: {
        tags,
        security,
        summary:
          "The tutor cancels a lesson ('one') or it and every later one ('series') with a reason: the family gets the value as credit",
        params: sessionIdParamsSchema,
        body: tutorCancelBodySchema,
        response: { 200: reservationSummarySchema, ...errors },
      },
    },
    (request) => tutorCancel(deps, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/tutor/sessions/:id/move/',
    {
      preHandler: tutor,
      schema: {
        tags,
        security,
        summary:
          'The tutor moves a lesson or the rest of its series: done outside the notice window, asked of the family inside it',
        params: sessionIdParamsSchema,
        body: tutorMoveBodySchema,
        response: { 200: tutorMoveResultSchema, ...errors },
      },
    },
    (request) => tutorMove(deps, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/tutor/sick-day/',
    {
      preHandler: tutor,
      schema: {
        tags,
        security,
        summary: "The tutor is ill: that day's lessons are cancelled, each family credited and told",
        body: sickDayBodySchema,
        response: { 200: sickDayResultSchema, ...errors },
      },
    },
    (request) => reportSickDay(deps, actorOf(request), request.body),
  );

  app.post(
    '/tutor/ask-office/',
    {
      preHandler: tutor,
      schema: {
        tags,
        security,
        summary: 'A message from the tutor to the administrators (Admin → Contacts, and by e-mail)',
        body: askOfficeBodySchema,
        response: { 200: askOfficeResultSchema, ...errors, 429: errorBody },
      },
    },
    (request) => askOffice(deps, actorOf(request), request.body),
  );

  app.get(
    '/tutor/move-requests/',
    {
      preHandler: tutor,
      schema: {
        tags,
        security,
        summary: "The tutor's moves waiting for the family's answer",
        response: { 200: moveRequestListSchema, 401: errorBody, 403: errorBody },
      },
    },
    (request) => tutorMoveRequests(deps, actorOf(request)),
  );

  app.post(
    '/tutor/move-requests/:id/withdraw/',
    {
      preHandler: tutor,
      schema: {
        tags,
        security,
        summary: 'The tutor withdraws a move request: the lessons stay',
        params: moveRequestIdParamsSchema,
        response: { 200: closedSchema, ...errors },
      },
    },
    (request) => withdrawMoveRequest(deps, actorOf(request), request.params.id),
  );

  app.get(
    '/family/move-requests/',
    {
      preHandler: family,
      schema: {
        tags: ['family area'],
        security,
        summary: "The tutor's moves waiting for this family's answer",
        response: { 200: moveRequestListSchema, 401: errorBody, 403: errorBody },
      },
    },
    (request) => familyMoveRequests(deps, actorOf(request)),
  );

  app.post(
    '/family/move-requests/:id/accept/',
    {
      preHandler: family,
      schema: {
        tags: ['family area'],
        security,
        summary:
          "The family accepts the tutor's move: the lessons move if the times are still free (else 409)",
        params: moveRequestIdParamsSchema,
        response: { 200: reservationSummarySchema, ...errors },
      },
    },
    (request) => acceptMoveRequest(deps, actorOf(request), request.params.id),
  );

  app.post(
    '/family/move-requests/:id/decline/',
    {
      preHandler: family,
      schema: {
        tags: ['family area'],
        security,
        summary: "The family declines the tutor's move: the lessons stay",
        params: moveRequestIdParamsSchema,
        response: { 200: closedSchema, ...errors },
      },
    },
    (request) => declineMoveRequest(deps, actorOf(request), request.params.id),
  );
};
