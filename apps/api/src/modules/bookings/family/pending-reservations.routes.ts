import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reservationSummarySchema } from '@tibeb/domain/bookings/payload';
import { errorResponseSchema as errorBody } from '../../../platform/http/schemas.ts';
import { pendingReservations } from './pending-reservations.service.ts';

/**
 * GET /api/student/pending-reservations/ (decision 253): the signed-in family's own bookings waiting for
 * payment, so the wizard can say "You have a booking waiting for payment" with a link to pay it. A lapsed hold
 * is not listed.
 */
export const pendingReservationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const student = app.requireRole(['student']);
  app.get(
    '/student/pending-reservations/',
    {
      preHandler: student,
      schema: {
        tags: ['student area'],
        security: [{ bearerAuth: [] }],
        summary:
          "The family's own reservations waiting for payment (hold not lapsed), newest first: what the booking wizard offers to pay",
        response: {
          200: z.array(reservationSummarySchema),
          401: errorBody,
          403: errorBody,
        },
      },
    },
    async (request) => pendingReservations(app.db, request.user!.sub),
  );
};
