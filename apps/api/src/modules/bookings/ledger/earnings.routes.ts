import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { earningsQuerySchema, earningsResponseSchema } from '@tibeb/domain/ledger/earnings';
import type { AppInstance } from '../../../platform/http/app-instance.ts';
import { sendCsv } from '../../../platform/http/csv-reply.ts';
import { errorResponseSchema as errorBody, textAnswer } from '../../../platform/http/schemas.ts';
import * as service from './earnings.service.ts';

const tags = ['earnings'];
const security = [{ bearerAuth: [] }];
const guarded = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * A tutor's earnings and statement (issue 27 item 3). The earnings policy is edited in /api/admin/settings/
 * (`earnings`) and a tutor's own commission on the admin tutor API (`commission_percent`).
 */
export const earningsRoutes: FastifyPluginAsyncZod = async (app: AppInstance) => {
  const tutor = { onRequest: app.requireRole(['tutor']) };

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
        response: { 200: textAnswer('text/csv', 'The CSV file'), ...guarded },
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
};
