import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import {
  disputeBodySchema,
  incidentDecisionBodySchema,
  incidentIdParamsSchema,
  incidentReportQuerySchema,
  incidentReportSchema,
  incidentViewSchema,
  interruptionBodySchema,
  makeupBodySchema,
  myIncidentsSchema,
  tutorAbsentBodySchema,
} from '@tibeb/domain/bookings/incidents';
import { sessionIdParamsSchema } from '@tibeb/domain/bookings/lifecycle';
import { unauthorized } from '../../../platform/http/app-error.ts';
import { errorResponses } from '../../../platform/http/schemas.ts';
import { lifecycleDeps, type Actor } from './lifecycle-deps.service.ts';
import {
  bookMakeup,
  decideIncident,
  disputeAbsence,
  incidentReport,
  myIncidents,
  reportInterruption,
  reportTutorAbsent,
} from './incidents.service.ts';

const actorOf = (request: FastifyRequest): Actor => {
  if (!request.user) throw unauthorized();
  return { userId: request.user.sub, role: request.user.role };
};

const security = [{ bearerAuth: [] }];
const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Interruptions and tutors' absences (issue 30 item 3, decision 271; prefix /api): report, book the make-up,
 * dispute, the reader's own list; the admin's month per tutor and the decision on a disputed absence.
 */
export const incidentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = lifecycleDeps(app);
  const signedIn = { onRequest: app.authenticate };
  const admin = { onRequest: app.requireRole(ADMIN_ROLES) };

  app.post(
    '/bookings/sessions/:id/interruption/',
    {
      ...signedIn,
      config: { idempotent: true },
      schema: {
        tags: ['bookings'],
        summary:
          'The lesson could not happen or was cut short (power, connection): interrupted, made up at no charge within 14 days',
        security,
        params: sessionIdParamsSchema,
        body: interruptionBodySchema,
        response: { 200: incidentViewSchema, ...errors },
      },
    },
    (request) => reportInterruption(deps, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/bookings/sessions/:id/tutor-absent/',
    {
      ...signedIn,
      config: { idempotent: true },
      schema: {
        tags: ['bookings'],
        summary:
          'The family reports that the tutor did not come; unless the tutor disputes within 48 hours the lesson goes back',
        security,
        params: sessionIdParamsSchema,
        body: tutorAbsentBodySchema,
        response: { 200: incidentViewSchema, ...errors },
      },
    },
    (request) => reportTutorAbsent(deps, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/bookings/sessions/:id/makeup/',
    {
      ...signedIn,
      config: { idempotent: true },
      schema: {
        tags: ['bookings'],
        summary:
          "Book an interrupted lesson's make-up: a free time of the same tutor (tutor's zone) by the deadline, at no charge",
        security,
        params: sessionIdParamsSchema,
        body: makeupBodySchema,
        response: { 200: incidentViewSchema, ...errors },
      },
    },
    (request) => bookMakeup(deps, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/bookings/sessions/:id/absence-dispute/',
    {
      ...signedIn,
      schema: {
        tags: ['bookings'],
        summary:
          "The session's tutor disputes a reported absence (within 48 hours); an administrator decides",
        security,
        params: sessionIdParamsSchema,
        body: disputeBodySchema,
        response: { 200: incidentViewSchema, ...errors },
      },
    },
    (request) => disputeAbsence(deps, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/bookings/incidents/mine/',
    {
      ...signedIn,
      schema: {
        tags: ['bookings'],
        summary: "A family's or a tutor's lessons it may still report a problem with, and its reports",
        security,
        response: { 200: myIncidentsSchema, ...errorResponses(401) },
      },
    },
    (request) => myIncidents(deps, actorOf(request)),
  );

  app.get(
    '/admin/incidents/',
    {
      ...admin,
      schema: {
        tags: ['admin reservations'],
        summary: 'Interruptions and no-shows per tutor for a month (EAT), and the reports to decide',
        security,
        querystring: incidentReportQuerySchema,
        response: { 200: incidentReportSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => incidentReport(deps, request.query.month),
  );

  app.post(
    '/admin/incidents/:id/decision/',
    {
      ...admin,
      schema: {
        tags: ['admin reservations'],
        summary:
          "Uphold (the family gets the lesson back) or dismiss (nothing changes) a tutor's disputed absence",
        security,
        params: incidentIdParamsSchema,
        body: incidentDecisionBodySchema,
        response: { 200: incidentViewSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => decideIncident(deps, actorOf(request), request.params.id, request.body),
  );
};
