import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminPaymentList, adminPaymentListQuery } from '@tibeb/domain/admin/payments';
import { openRefundList, openRefundListQuery, refundRetryResponse } from '@tibeb/domain/admin/refunds';
import { sendCsv } from '../../../platform/http/csv-reply.ts';
import { errorResponseSchema as errorBody, textAnswer } from '../../../platform/http/schemas.ts';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { lifecycleDeps } from '../lifecycle/lifecycle-deps.service.ts';
import { listOpenRefunds, listPayments, paymentsCsv, retryRefund } from './admin-payments.service.ts';

const tags = ['admin: payments'];
const security = [{ bearerAuth: [] }];

/**
 * The admin's payments list with filters and totals by currency, its CSV, and the refunds still open (pending or
 * failed) with a retry (prefix /api). Making a refund: payments module.
 */
export const adminPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = app.requireRole(ADMIN_ROLES);
  // The lifecycle's dependencies, with this server's card provider (app.payments, decorated before the routes).
  const lifecycle = lifecycleDeps(app);

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
        response: {
          200: textAnswer('text/csv', 'The CSV file'),
          400: errorBody,
          401: errorBody,
          403: errorBody,
        },
      },
    },
    async (request, reply) => sendCsv(reply, 'payments.csv', await paymentsCsv(app.db, request.query)),
  );

  app.get(
    '/admin/payments/refunds/',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Refunds not yet with the family (pending: the provider has not confirmed; failed), newest first, with totals by currency',
        querystring: openRefundListQuery,
        response: { 200: openRefundList, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    (request) => listOpenRefunds(app.db, request.query, lifecycle.provider?.name ?? null),
  );

  app.post(
    '/admin/payments/refunds/:id/retry/',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Sends a pending refund to the provider now (same idempotency key); 409 when the provider is not set up here, 503 when it does not confirm',
        params: z.object({ id: z.uuid('Enter a valid refund id.') }),
        response: {
          200: refundRetryResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          503: errorBody,
        },
      },
    },
    (request) => retryRefund(lifecycle, request.user?.sub ?? null, request.params.id),
  );
};
