import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  continueWeeklySchema,
  trialCreatedSchema,
  trialPayloadSchema,
  trialSlotsSchema,
} from '@tibeb/domain/bookings/trial';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, badRequest, type FieldErrors } from '../../../platform/http/app-error.ts';
import { errorResponses } from '../../../platform/http/schemas.ts';
import { invalidateTutorBookings } from '../availability/booked.cache.ts';
import type { PaymentsDeps } from '../payments/payments-deps.service.ts';
import { holdLimitsFor } from './hold-limits.service.ts';
import { bookTrial, continueWeekly, trialSlots } from './trial.service.ts';

/**
 * Trial lessons' HTTP routes (decision 273, prefix /api): the tutor's trial and its free times, booking one, and
 * the family's "Continue weekly" after a trial.
 */
export const trialRoutes: FastifyPluginAsyncZod = async (app) => {
  const holdLimits = holdLimitsFor(app.config);
  const currencies = app.config.chapa ? (['USD', 'ETB'] as const) : (['USD'] as const);
  const { card: provider, chapa } = app.payments;
  const deps: PaymentsDeps = {
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    provider,
    chapa,
    log: app.log,
    onSessionsChanged: (tutorIds) => tutorIds.forEach(invalidateTutorBookings),
  };

  app.get(
    '/reservations/trial/:tutorId/',
    {
      schema: {
        tags: ['reservations'],
        summary:
          "A tutor's trial lesson and its free start times over the next 14 days (the tutor's wall clock); 404 when none is offered",
        params: z.object({ tutorId: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: trialSlotsSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => trialSlots(app.db, request.params.tutorId, { currencies }),
  );

  app.post(
    '/reservations/trial/',
    {
      config: {
        idempotent: true,
        rateLimit: {
          max: 60,
          timeWindow: '1 minute',
          errorResponseBuilder: () =>
            new AppError(429, 'Too many booking attempts. Please wait a minute and try again.'),
        },
      },
      attachValidation: true,
      schema: {
        tags: ['reservations'],
        summary:
          'Book a trial lesson: one session of the offer, held as any booking; free ones are confirmed at once. ' +
          '409 trial_already_booked when the e-mail already has a trial with this tutor',
        body: trialPayloadSchema,
        response: { 201: trialCreatedSchema, ...errorResponses(400, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      if (request.validationError) throw validationToBadRequest(request.validationError);
      const created = await bookTrial(deps, request.body, {
        clientAddress: request.ip,
        holdLimits,
        currencies,
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/student/continue-weekly/',
    {
      preHandler: app.requireRole(['student']),
      schema: {
        tags: ['student area'],
        security: [{ bearerAuth: [] }],
        summary: 'The finished trials not yet followed by weekly lessons: "Continue weekly with {tutor}"',
        response: { 200: z.array(continueWeeklySchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => continueWeekly(app.db, request.user!.sub),
  );
};

/** Every message once, in order, joined by line breaks (as the booking path shows them); fields beside. */
function validationToBadRequest(error: Error): AppError {
  if (!hasZodFastifySchemaValidationErrors(error)) return badRequest(error.message || 'Invalid input.');
  const errors: FieldErrors = {};
  const messages: string[] = [];
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
    const message = issue.message ?? 'Invalid value.';
    (errors[field] ??= []).push(message);
    if (!messages.includes(message)) messages.push(message);
  }
  return badRequest(messages.join('\n') || 'Invalid input.', errors);
}
