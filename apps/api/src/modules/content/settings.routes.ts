import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSettingsBodySchema, adminSettingsViewSchema } from '@tibeb/domain/bookings/lifecycle';
import { siteSettingsView } from '@tibeb/domain/site/contracts';
import { z } from 'zod';
import { withEtag } from '../../platform/cache/public-cache.ts';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { SettingsService } from './settings.service.ts';
import { errorResponseSchema as errorBody } from '../../platform/http/schemas.ts';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new SettingsService(app.db);

  app.get(
    '/settings/public/',
    {
      compress: false,
      schema: {
        tags: ['settings'],
        summary: 'Public site settings: contact details, map and site name',
        response: { 200: siteSettingsView, 304: z.null() },
      },
    },
    async (request, reply) => withEtag(request, reply, await service.cached()),
  );

  app.get(
    '/admin/settings/',
    {
      preHandler: app.requireRole(ADMIN_ROLES),
      schema: {
        tags: ['settings'],
        security: [{ bearerAuth: [] }],
        summary:
          'Site settings and the booking policy (hold, lead time, cancellation notice, weeks per payment)',
        response: { 200: adminSettingsViewSchema, 401: errorBody, 403: errorBody },
      },
    },
    () => service.readAdmin(),
  );

  app.put(
    '/admin/settings/',
    {
      preHandler: app.requireRole(ADMIN_ROLES),
      schema: {
        tags: ['settings'],
        security: [{ bearerAuth: [] }],
        body: adminSettingsBodySchema,
        response: { 200: adminSettingsViewSchema, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    (request) => service.write(request.body, request.user?.sub ?? null),
  );
};
