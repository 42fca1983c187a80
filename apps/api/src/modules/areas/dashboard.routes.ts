import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardSchema } from '@tibeb/domain/accounts/dashboard';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { errorResponses } from '../../platform/http/schemas.ts';
import * as dashboard from './dashboard.service.ts';

const security = [{ bearerAuth: [] }];

/**
 * The admin dashboard's counts (prefix /api). The tutor's and the family's overviews are the tutor's week
 * (tutor-area.routes.ts) and the family area (bookings module).
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/dashboard/',
    {
      schema: {
        tags: ['admin: dashboard'],
        security,
        summary: 'Counts of users, tutors, reservations, and revenue (paid minus refunded)',
        response: { 200: adminDashboardSchema, ...errorResponses(401, 403) },
      },
      preHandler: app.requireRole(ADMIN_ROLES),
    },
    async () => dashboard.adminDashboard(app.db, new Date(), app.config.jitsi !== undefined),
  );
};
