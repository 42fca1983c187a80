import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminReservationDetailSchema,
  adminReservationListQuerySchema,
  adminReservationListSchema,
} from '@tibeb/domain/admin-reservations/contract';
import { z } from 'zod';
import { errorResponseSchema as errorBody } from '../../../platform/http/schemas.ts';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import * as service from './admin-reservations.service.ts';

/** The administrators' reservations: a filtered, paged list and one reservation with everything about it. */
export const adminReservationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: app.requireRole(ADMIN_ROLES) };
  const security = [{ bearerAuth: [] }];

  app.get(
    '/admin/reservations/',
    {
      ...admin,
      schema: {
        tags: ['admin reservations'],
        security,
        summary:
          'Reservations, newest first: filters status, tutor_id, from/to (a session in the EAT date range), q (family or student); paged',
        querystring: adminReservationListQuerySchema,
        response: { 200: adminReservationListSchema, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    (request) => service.listReservations(app.db, request.query),
  );

  app.get(
    '/admin/reservations/:id/',
    {
      ...admin,
      schema: {
        tags: ['admin reservations'],
        security,
        summary: 'One reservation: family, student, every session, payments, credit and history',
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ _ts: z.string().optional() }),
        response: {
          200: adminReservationDetailSchema,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    (request) => service.reservationDetail(app.db, request.params.id),
  );
};
