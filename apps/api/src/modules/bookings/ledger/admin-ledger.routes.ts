import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { adminLedgerList, adminLedgerQuery } from '@tibeb/domain/ledger/admin-ledger';
import { sendCsv } from '../../../platform/http/csv-reply.ts';
import { errorResponseSchema as errorBody, textAnswer } from '../../../platform/http/schemas.ts';
import { ledgerCsv, listLedger } from './admin-ledger.service.ts';

const tags = ['admin: ledger'];
const security = [{ bearerAuth: [] }];

/** The admin's view of the ledger: transactions with their entries, filtered, and their CSV (prefix /api). */
export const adminLedgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = app.requireRole(ADMIN_ROLES);

  app.get(
    '/admin/ledger/',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Ledger transactions with their entries, newest first, 50 a page; by tutor, dates (EAT) and kind',
        querystring: adminLedgerQuery,
        response: { 200: adminLedgerList, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    (request) => listLedger(app.db, request.query),
  );

  app.get(
    '/admin/ledger/export/',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Every entry of the matching ledger transactions, as CSV (one row per entry)',
        querystring: adminLedgerQuery,
        response: {
          200: textAnswer('text/csv', 'The CSV file'),
          400: errorBody,
          401: errorBody,
          403: errorBody,
        },
      },
    },
    async (request, reply) => sendCsv(reply, 'ledger.csv', await ledgerCsv(app.db, request.query)),
  );
};
