import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUserBodySchema,
  updateUserBodySchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
} from '@tibeb/domain/accounts/contracts';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import * as users from './users.service.ts';
import { errorResponseSchema as errorResponse } from '../../platform/http/schemas.ts';

const tags = ['admin: users'];
const params = z.object({ id: z.uuid('Enter a valid id.') });

/** Manage Users in the admin area (prefix /api). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, config: app.config, mailer: app.mailer });
  const preHandler = app.requireRole(ADMIN_ROLES);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/admin/users/',
    {
      schema: {
        tags,
        security,
        summary: 'List accounts: search by username, e-mail or name; filter by role and status; paged',
        querystring: userListQuerySchema,
        response: { 200: userListSchema, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
      preHandler,
    },
    async (request) => users.listUsers(deps(), request.query),
  );

  app.post(
    '/admin/users/',
    {
      schema: {
        tags,
        security,
        summary: 'Create an account with a role (no password: a set-password link is e-mailed)',
        body: createUserBodySchema,
        response: { 201: userSchema, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
      preHandler,
    },
    async (request, reply) =>
      reply.status(201).send(await users.createUser(deps(), request.user!, request.body)),
  );

  app.get(
    '/admin/users/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'One account',
        params,
        response: {
          200: userSchema,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
      preHandler,
    },
    async (request) => users.getUser(deps(), request.params.id),
  );

  app.patch(
    '/admin/users/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Edit an account (the last administrator cannot be deactivated or demoted)',
        params,
        body: updateUserBodySchema,
        response: {
          200: userSchema,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
      preHandler,
    },
    async (request) => users.updateUser(deps(), request.user!, request.params.id, request.body),
  );

  app.delete(
    '/admin/users/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Deactivate an account (the last administrator cannot be removed)',
        params,
        response: {
          204: z.null(),
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
      preHandler,
    },
    async (request, reply) => {
      await users.deactivateUser(deps(), request.user!, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
