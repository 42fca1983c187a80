import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditQuery, auditTrailResponse } from '@tibeb/domain/admin/audit';
import { errorResponseSchema as errorBody } from '../../platform/http/schemas.ts';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { auditTrail } from './audit.service.ts';

/** One record's audit trail for its admin view (prefix /api). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit/',
    {
      preHandler: app.requireRole(ADMIN_ROLES),
      schema: {
        tags: ['admin: audit'],
        security: [{ bearerAuth: [] }],
        summary: 'Who changed a record, when, and its values before and after (newest first, 50)',
        querystring: auditQuery,
        response: { 200: auditTrailResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    (request) => auditTrail(app.db, request.query.entity_type, request.query.entity_id),
  );
};
