import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminPasswordChange, adminProfile, adminProfileUpdate } from '@tibeb/domain/admin/profile';
import { errorResponseSchema as errorBody } from '../../platform/http/schemas.ts';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { changePassword, getProfile, updateProfile } from './admin-profile.service.ts';
import { CurrentPasswordThrottle } from './login-throttle.service.ts';

const tags = ['admin: profile'];
const security = [{ bearerAuth: [] }];

/** The signed-in administrator's own name, e-mail and password (prefix /api). */
export const adminProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = app.requireRole(ADMIN_ROLES);
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
  // The same per-account count as every other check of the current password (the shared counters).
  const currentPassword = new CurrentPasswordThrottle(app.counters);

  app.get(
    '/admin/profile/',
    {
      preHandler,
      schema: { tags, security, summary: 'Own account', response: { 200: adminProfile, ...errors } },
    },
    (request) => getProfile(app.db, request.user!.sub),
  );

  app.patch(
    '/admin/profile/',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Own first and last name and e-mail (a new e-mail is unverified until confirmed)',
        body: adminProfileUpdate,
        response: { 200: adminProfile, ...errors },
      },
    },
    (request) => updateProfile(app.db, request.user!.sub, request.body),
  );

  app.post(
    '/admin/profile/password/',
    {
      preHandler,
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags,
        security,
        summary: 'Own password, after the current one; every session ends',
        body: adminPasswordChange,
        response: { 200: z.object({ detail: z.string() }), ...errors, 429: errorBody },
      },
    },
    async (request) => ({
      detail: await changePassword(app.db, currentPassword, request.user!.sub, request.body),
    }),
  );
};
