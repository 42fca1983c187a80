import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminReport, reportExportQuery, reportQuery } from '@tibeb/domain/reports/contracts';
import { sendCsv } from '../../platform/http/csv-reply.ts';
import { errorResponseSchema as errorBody, textAnswer } from '../../platform/http/schemas.ts';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { buildReport, reportCsv } from './reports.service.ts';

const tags = ['admin: reports'];
const security = [{ bearerAuth: [] }];

/** The admin's reports (prefix /api): every table of a date range, and each table as CSV. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = app.requireRole(ADMIN_ROLES);

  app.get(
    '/admin/reports/',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Revenue by month, sessions by subject and tutor, utilisation, new families and cancellations (EAT dates); the per-tutor tables hold the busiest `tutor_limit` tutors (default 100)',
        querystring: reportQuery,
        response: { 200: adminReport, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    (request) => buildReport(app.db, request.query),
  );

  app.get(
    '/admin/reports/export/',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'One report table as CSV (?table=revenue|sessions_by_subject|…)',
        querystring: reportExportQuery,
        response: {
          200: textAnswer('text/csv', 'The CSV file'),
          400: errorBody,
          401: errorBody,
          403: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { table, ...range } = request.query;
      // The CSV holds every active tutor (the screen's tables hold the busiest).
      const report = await buildReport(app.db, range, null);
      return sendCsv(reply, `${table}-${report.from}-${report.to}.csv`, reportCsv(report, table));
    },
  );
};
