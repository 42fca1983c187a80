import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import {
  latestSubstitutionSchema,
  substituteCandidatesSchema,
  substitutionAcceptBodySchema,
  substitutionAnswerSchema,
  substitutionBodySchema,
  substitutionOfferSchema,
  substitutionTokenParamsSchema,
} from '@tibeb/domain/bookings/substitution';
import { unauthorized } from '../../../platform/http/app-error.ts';
import { errorResponses } from '../../../platform/http/schemas.ts';
import { invalidateTutorBookings } from '../availability/booked.cache.ts';
import { lifecycleDeps, type Actor } from './lifecycle-deps.service.ts';
import {
  acceptSubstitution,
  declineSubstitution,
  latestSubstitution,
  offerSubstitute,
  substituteCandidates,
  viewSubstitution,
  withdrawSubstitution,
  type SubstitutionDeps,
} from './substitution.service.ts';

const actorOf = (request: FastifyRequest): Actor => {
  if (!request.user) throw unauthorized();
  return { userId: request.user.sub, role: request.user.role };
};

const idParams = z.object({ id: z.uuid() });
const security = [{ bearerAuth: [] }];

/**
 * A substitute tutor for the rest of a series (issue 30 item 4, decision 274; prefix /api): the admin lists who
 * could take the lessons, offers one, reads or withdraws the offer; the family reads and answers it by the link's
 * token (no sign-in: the e-mail's link is the family's key, as the payment page's reservation id is).
 */
export const substitutionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: SubstitutionDeps = {
    ...lifecycleDeps(app),
    payments: {
      db: app.db,
      config: app.config,
      mailer: app.mailer,
      provider: app.payments.card,
      chapa: app.payments.chapa,
      log: app.log,
      onSessionsChanged: (tutorIds) => tutorIds.forEach(invalidateTutorBookings),
    },
  };
  const admin = { onRequest: app.requireRole(ADMIN_ROLES) };

  app.get(
    '/admin/reservations/:id/substitutes/',
    {
      ...admin,
      schema: {
        tags: ['admin reservations'],
        security,
        summary:
          "Tutors of the subject free at every one of the booking's lessons to come, with the price difference",
        params: idParams,
        response: { 200: substituteCandidatesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => substituteCandidates(app.db, request.params.id),
  );

  app.get(
    '/admin/reservations/:id/substitution/',
    {
      ...admin,
      schema: {
        tags: ['admin reservations'],
        security,
        summary: "The booking's newest substitute-tutor offer, or null",
        params: idParams,
        response: { 200: latestSubstitutionSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => latestSubstitution(app.db, request.params.id),
  );

  app.post(
    '/admin/reservations/:id/substitution/',
    {
      ...admin,
      schema: {
        tags: ['admin reservations'],
        security,
        summary:
          'Offer the lessons to come to another tutor; the family is e-mailed a link to accept or decline',
        params: idParams,
        body: substitutionBodySchema,
        response: { 201: substitutionOfferSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const offer = await offerSubstitute(deps, actorOf(request), request.params.id, request.body);
      return reply.status(201).send(offer);
    },
  );

  app.post(
    '/admin/substitutions/:id/withdraw/',
    {
      ...admin,
      schema: {
        tags: ['admin reservations'],
        security,
        summary: 'Withdraw a pending substitute-tutor offer; the family is told',
        params: idParams,
        response: { 200: substitutionOfferSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => withdrawSubstitution(deps, actorOf(request), request.params.id),
  );

  const byToken = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };

  app.get(
    '/bookings/substitutions/:token/',
    {
      ...byToken,
      schema: {
        tags: ['bookings'],
        summary: 'The substitute-tutor offer behind an e-mailed link',
        params: substitutionTokenParamsSchema,
        response: { 200: substitutionOfferSchema, ...errorResponses(400, 404, 429) },
      },
    },
    (request) => viewSubstitution(app.db, request.params.token),
  );

  app.post(
    '/bookings/substitutions/:token/accept/',
    {
      ...byToken,
      schema: {
        tags: ['bookings'],
        summary:
          'Accept: the lessons move to the new tutor, paid by their value as credit first (the rest at the checkout)',
        params: substitutionTokenParamsSchema,
        body: substitutionAcceptBodySchema,
        response: { 200: substitutionAnswerSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    (request) => acceptSubstitution(deps, request.params.token, request.body),
  );

  app.post(
    '/bookings/substitutions/:token/decline/',
    {
      ...byToken,
      schema: {
        tags: ['bookings'],
        summary: 'Decline: nothing changes; the office is told',
        params: substitutionTokenParamsSchema,
        response: { 200: substitutionAnswerSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    (request) => declineSubstitution(deps, request.params.token),
  );
};
