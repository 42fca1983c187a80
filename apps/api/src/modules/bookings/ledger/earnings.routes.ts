import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import {
  earningsPolicyBodySchema,
  earningsQuerySchema,
  earningsResponseSchema,
  tutorCommissionBodySchema,
} from '@tibeb/domain/ledger/earnings';
import type { AppInstance } from '../../../platform/http/app-instance.ts';
import { sendCsv } from '../../../platform/http/csv-reply.ts';
import { errorResponseSchema as errorBody } from '../../../platform/http/schemas.ts';
import * as service from './earnings.service.ts';
import { earningsPolicy } from './postings.service.ts';

const tags = ['earnings'];
const security = [{ bearerAuth: [] }];
const guarded = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** A tutor's earnings and statement; the admin's earnings policy and per-tutor commission (issue 27 item 3). */
export const earningsRoutes: FastifyPluginAsyncZod = async (app: AppInstance) => {
  const tutor = { onRequest: app.requireRole(['tutor']) };
  const admin = { onRequest: app.requireRole(ADMIN_ROLES) };

  app.get(
    '/tutor/earnings/',
    {
      ...tutor,
      schema: {
        tags,
        security,
        summary: 'Balances per currency (pending, available, in transit, paid) and one month’s entries (EAT)',
        querystring: earningsQuerySchema,
        response: { 200: earningsResponseSchema, ...guarded },
      },
    },
    async (request) =>
      service.tutorEarnings(
        app.db,
        await service.tutorIdOfUser(app.db, request.user!.sub),
        request.query.month,
      ),
  );

  app.get(
    '/tutor/earnings/statement.csv',
    {
      ...tutor,
      schema: {
        tags,
        security,
        summary: 'One month’s statement as CSV',
        querystring: earningsQuerySchema,
        response: { 200: z.string(), ...guarded },
      },
    },
    async (request, reply) => {
      const earnings = await service.tutorEarnings(
        app.db,
        await service.tutorIdOfUser(app.db, request.user!.sub),
        request.query.month,
      );
      return sendCsv(reply, `tibeb-statement-${earnings.month}.csv`, service.statementCsv(earnings));
    },
  );

  app.get(
    '/admin/settings/earnings/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'The earnings policy',
        response: { 200: earningsPolicyBodySchema, ...guarded },
      },
    },
    () => earningsPolicy(app.db),
  );

  app.put(
    '/admin/settings/earnings/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Saves the default commission, the dispute window and the smallest payout (audited)',
        body: earningsPolicyBodySchema,
        response: { 200: earningsPolicyBodySchema, ...guarded },
      },
    },
    (request) => service.saveEarningsPolicy(app.db, request.user!.sub, request.body),
  );

  app.put(
    '/admin/tutors/:id/commission/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'A tutor’s own commission in percent, or null for the default (audited)',
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        body: tutorCommissionBodySchema,
        response: {
          200: z.object({ commission_percent: z.number().nullable(), effective_percent: z.number() }),
          ...guarded,
        },
      },
    },
    (request) =>
      service.setTutorCommission(
        app.db,
        request.user!.sub,
        request.params.id,
        request.body.commission_percent,
      ),
  );
};
