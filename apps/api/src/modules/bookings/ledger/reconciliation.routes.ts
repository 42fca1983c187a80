import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { moneyReport, moneyReportQuery } from '@tibeb/domain/ledger/admin-ledger';
import { errorResponseSchema as errorBody } from '../../../platform/http/schemas.ts';
import { moneyReport as buildMoneyReport } from './reconciliation.service.ts';

/** Admin → Reports → Money: revenue, commission and tutors' money per currency and month, and the reconciliation. */
export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/reports/money/',
    {
      preHandler: app.requireRole(ADMIN_ROLES),
      schema: {
        tags: ['admin: reports'],
        security: [{ bearerAuth: [] }],
        summary:
          'Money per currency and month (EAT) from the ledger, and the reconciliation of payments, refunds and payouts with it',
        querystring: moneyReportQuery,
        response: { 200: moneyReport, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    (request) => buildMoneyReport(app.db, request.query, new Date()),
  );
};
