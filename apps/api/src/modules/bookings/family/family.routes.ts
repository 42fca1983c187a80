import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingDetailsSchema,
  familyCreditSchema,
  familyOverviewSchema,
  familyPaymentSchema,
  familyProgressSchema,
  familySettingsBodySchema,
  familySettingsSchema,
  paymentIdParamsSchema,
  receiptSchema,
  renewalBodySchema,
  renewalCreatedSchema,
  renewalOfferSchema,
  reservationIdParamsSchema,
} from '@tibeb/domain/family/contracts';
import { errorResponseSchema as errorBody } from '../../../platform/http/schemas.ts';
import { holdLimitsFor } from '../reservations/hold-limits.service.ts';
import { pendingReservationsRoutes } from './pending-reservations.routes.ts';
import * as family from './family.service.ts';
import * as renewal from '../renewals/renewal.service.ts';
import { jitsiRoomLinks } from '../../../platform/video/jitsi-rooms.ts';

const security = [{ bearerAuth: [] }];
const tags = ['student area'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * The family area's reads and settings (issue 15), for the student role only (prefix /api). Cancelling and
 * moving sessions are the lifecycle's routes (/api/bookings/sessions/{id}/…).
 */
export const familyRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each viewer's signed room links (decision 267); null without JITSI_*.
  const rooms = jitsiRoomLinks(app.config.jitsi);
  const student = app.requireRole(['student']);
  /** A route of the family's area: the student role, and `schema` with the area's tag, security and errors. */
  const familyRoute = <S extends { response: object }>(schema: S) => ({
    preHandler: student,
    schema: { tags, security, ...schema, response: { ...schema.response, ...errors } },
  });
  const userId = (request: { user?: { sub: string } | null }) => request.user!.sub;
  // The family's bookings waiting for payment, offered by the wizard (decision 253).
  await app.register(pendingReservationsRoutes);
  // Renewals keep a birr booking in birr only while birr is offered: Chapa configured, as for bookings.
  const currencies = app.config.chapa ? (['USD', 'ETB'] as const) : (['USD'] as const);

  app.get(
    '/student/overview/',
    familyRoute({
      summary:
        'The family: its name, credit balance, and upcoming sessions with their room and what changing each costs now',
      response: { 200: familyOverviewSchema },
    }),
    async (request) => family.overview(app.db, userId(request), new Date(), rooms),
  );

  app.get(
    '/student/credit/',
    familyRoute({
      summary: "The family's credit balance and its ledger (cancellations, spending)",
      response: { 200: familyCreditSchema },
    }),
    async (request) => family.credit(app.db, userId(request)),
  );

  app.get(
    '/student/payments/',
    familyRoute({
      summary: "The family's payments, newest first",
      response: { 200: z.array(familyPaymentSchema) },
    }),
    async (request) => family.payments(app.db, userId(request)),
  );

  app.get(
    '/student/payments/:id/receipt/',
    familyRoute({
      summary: "One payment's receipt (the family's own payments only)",
      params: paymentIdParamsSchema,
      response: { 200: receiptSchema },
    }),
    async (request) => family.receipt(app.db, userId(request), request.params.id),
  );

  app.get(
    '/student/progress-by-student/',
    familyRoute({
      summary: 'Per student booked for: attendance, hours by month and the tutors’ notes',
      response: { 200: familyProgressSchema },
    }),
    async (request) => family.progress(app.db, userId(request)),
  );

  app.get(
    '/student/booking-details/',
    familyRoute({
      summary: "What the booking wizard is prefilled with: the family's contact and each student's details",
      response: { 200: bookingDetailsSchema },
    }),
    async (request) => family.bookingDetails(app.db, userId(request)),
  );

  app.get(
    '/student/renewals/',
    familyRoute({
      summary:
        "Bookings whose paid weeks end within a week: the next weeks of the same plan, previewed (clashes skipped and named), in the booking's currency while it is offered, and what credit in it covers",
      response: { 200: z.array(renewalOfferSchema) },
    }),
    async (request) => renewal.offers(app.db, userId(request), { currencies }),
  );

  const holdLimits = holdLimitsFor(app.config);
  app.post(
    '/student/renewals/:id/',
    {
      // A double tap sends the same Idempotency-Key: one renewal, answered twice (decision 248).
      config: { idempotent: true },
      ...familyRoute({
        summary:
          'Books the next weeks of a booking (the same plan), to be paid at /payment like the first; credit is spent first. With the currency the offer was shown in: 409 when that is no longer the offer',
        params: reservationIdParamsSchema,
        body: renewalBodySchema,
        response: { 201: renewalCreatedSchema, 409: errorBody, 422: errorBody, 429: errorBody },
      }),
    },
    async (request, reply) => {
      const created = await renewal.renew(app.db, userId(request), request.params.id, {
        clientAddress: request.ip,
        holdLimits,
        currencies,
        currency: request.body?.currency,
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/student/settings/',
    familyRoute({
      summary: "The family's name, time zone and communication preference",
      response: { 200: familySettingsSchema },
    }),
    async (request) => family.settings(app.db, userId(request)),
  );

  app.put(
    '/student/settings/',
    familyRoute({
      summary: "Saves the family's name, time zone and communication preference",
      body: familySettingsBodySchema,
      response: { 200: familySettingsSchema },
    }),
    async (request) => family.saveSettings(app.db, userId(request), request.body),
  );
};
