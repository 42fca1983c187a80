import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availableQuerySchema,
  availableResponseSchema,
  bookedQuerySchema,
  bookedResponseSchema,
  reservationCreatedSchema,
  reservationPayloadSchema,
  reservationSummarySchema,
} from '@tibeb/domain/bookings/payload';
import {
  availableBySubjectPlanQuerySchema,
  availableBySubjectResponseSchema,
  planChoiceOf,
} from '@tibeb/domain/bookings/available';
import { reservationPreviewSchema } from '@tibeb/domain/bookings/lifecycle';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest, type FieldErrors } from '../../../platform/http/app-error.ts';
import { sendPreparedJson } from '../../../platform/cache/public-cache.ts';
import { paymentPageSummary } from './payment-page.service.ts';
import {
  availableForMoveJson,
  availableForSubject,
  availableForTutorJson,
  bookedForTutor,
} from './availability.service.ts';
import { holdLimitsFor } from './hold-limits.service.ts';
import { createReservation } from './holds.service.ts';
import { previewReservation } from './preview.service.ts';
import { errorResponseSchema as errorBody } from '../../../platform/http/schemas.ts';

/** The month a query asks for, in the service's terms. */
const monthOf = (q: { year: number; month: number; only_future: boolean }) => ({
  year: q.year,
  month: q.month,
  onlyFuture: q.only_future,
});

/**
 * The booking engine's HTTP routes (spec §7): month availability per tutor and per subject, the booked map,
 * reservation creation (holds for 30 minutes) and the payment page's reservation summary.
 */
export const reservationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const holdLimits = holdLimitsFor(app.config);
  // Birr is offered only when Chapa is configured (issue 18 §3, decision 170).
  const currencies = app.config.chapa ? (['USD', 'ETB'] as const) : (['USD'] as const);
  app.get(
    '/reservations/available/',
    {
      schema: {
        tags: ['reservations'],
        summary: "A tutor's free start times for every date of a month (wall clock in the tutor's zone)",
        querystring: availableQuerySchema,
        response: { 200: availableResponseSchema, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const month = { ...monthOf(q), durationMinutes: q.duration_minutes };
      // A move dialog's lesson is not busy for its own move (decision 261).
      const json = q.except_session
        ? await availableForMoveJson(app.db, q.tutor_id, month, q.except_session)
        : await availableForTutorJson(app.db, q.tutor_id, month);
      // The service remembers the month's answer as JSON text (DESIGN §4 budget): sent as a prepared buffer, its
      // brotli and gzip forms made once per answer (lib/public-cache.ts), not re-serialised or compressed again.
      return sendPreparedJson(reply, json);
    },
  );

  app.get(
    '/reservations/available-by-subject/',
    {
      schema: {
        tags: ['reservations'],
        summary:
          "The union of a subject's tutors' free start times for every date of a month; with date and " +
          'days_times (the times chosen so far), also the times one tutor can teach with them (decision 249)',
        querystring: availableBySubjectPlanQuerySchema,
        response: { 200: availableBySubjectResponseSchema, 400: errorBody, 404: errorBody },
      },
    },
    async ({ query: q }) =>
      availableForSubject(
        app.db,
        q.subject,
        { ...monthOf(q), durationMinutes: q.duration_minutes },
        {},
        planChoiceOf(q),
      ),
  );

  app.get(
    '/reservations/booked/',
    {
      schema: {
        tags: ['reservations'],
        summary: "A tutor's booked slots of a month: date → [{ start, duration_minutes }]",
        querystring: bookedQuerySchema,
        response: { 200: bookedResponseSchema, 400: errorBody, 404: errorBody },
      },
    },
    async ({ query: q }) => bookedForTutor(app.db, q.tutor_id, monthOf(q)),
  );

  app.post(
    '/reservations/reservations/',
    {
      // Each request holds a tutor's time for 30 minutes: a family books a few, a script would hold everything.
      config: {
        idempotent: true,
        rateLimit: {
          max: 120,
          timeWindow: '1 minute',
          errorResponseBuilder: () =>
            new AppError(429, 'Too many booking attempts. Please wait a minute and try again.'),
        },
      },
      // The wizard shows every problem at once: format the validation error here rather than by field.
      attachValidation: true,
      schema: {
        tags: ['reservations'],
        summary:
          'Create a reservation: plans 4 weeks of sessions, holds them for 30 minutes, answers the amount',
        body: reservationPayloadSchema,
        response: {
          201: reservationCreatedSchema,
          400: errorBody,
          404: errorBody,
          409: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      if (request.validationError) throw validationToBadRequest(request.validationError);
      const created = await createReservation(app.db, request.body, {
        clientAddress: request.ip,
        holdLimits,
        currencies,
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/reservations/preview/',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      // A signed-in family also gets the credit its checkout will spend (decision 252); a visitor never does.
      preHandler: app.identify,
      attachValidation: true,
      schema: {
        tags: ['reservations'],
        summary:
          'The plan before payment: every planned date and time, the skipped ones with why, and the amount (writes nothing)',
        body: reservationPayloadSchema,
        response: {
          200: reservationPreviewSchema,
          400: errorBody,
          404: errorBody,
          409: errorBody,
          429: errorBody,
        },
      },
    },
    async (request) => {
      if (request.validationError) throw validationToBadRequest(request.validationError);
      return previewReservation(app.db, request.body, { currencies, signedInUserId: request.user?.sub });
    },
  );

  app.get(
    '/reservations/reservations/:id/',
    {
      schema: {
        tags: ['reservations'],
        summary: 'A reservation by its unguessable id: what the payment page needs',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: reservationSummarySchema, 404: errorBody },
      },
    },
    async (request) => paymentPageSummary(app.db, request.params.id),
  );
};

/** Every message once, in order, joined by line breaks (as the wizard's alert shows them); fields beside. */
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
