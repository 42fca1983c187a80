import { z } from 'zod';
import { adminPaymentList, adminPaymentListQuery } from '@tibeb/domain/admin/payments';
import type { AppInstance } from '../../app.ts';
import { errorResponseSchema as errorBody } from '../../lib/http-schemas.ts';
import { ADMIN_ROLES } from '../../plugins/auth.ts';
import { listPayments, paymentsCsv } from './admin-payments.service.ts';

const tags = ['admin: payments'];
const security = [{ bearerAuth: [] }];

/** The admin's payments list with filters and totals by currency, and its CSV (prefix /api). Refunds: payments module. */
export async function adminPaymentsRoutes(app: AppInstance) {
  const preHandler = app.requireRole(ADMIN_ROLES);

  app.get(
    '/admin/payments/ledger/',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Payments, newest first, filtered by status, provider, currency, dates and search; totals by currency',
        querystring: adminPaymentListQuery,
        response: { 200: adminPaymentList, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    (request) => listPayments(app.db, request.query),
  );

  app.get(
    '/admin/payments/ledger/export/',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Every payment matching the filters, as CSV',
        querystring: adminPaymentListQuery,
        response: { 200: z.string(), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="payments.csv"')
        .send(await paymentsCsv(app.db, request.query)),
  );
}
