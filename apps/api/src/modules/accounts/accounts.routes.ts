import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  detailSchema,
  fieldErrorsOf,
  loginBodySchema,
  logoutBodySchema,
  passwordChangeBodySchema,
  passwordResetBodySchema,
  passwordResetConfirmBodySchema,
  refreshBodySchema,
  registerBodySchema,
  tokenPairSchema,
  userSchema,
  verifyEmailBodySchema,
} from '@tibeb/domain/accounts/contracts';
import { localeBodySchema } from '@tibeb/domain/shared/locale';
import { badRequest } from '../../platform/http/app-error.ts';
import * as accounts from './accounts.service.ts';
import { CurrentPasswordThrottle, LoginThrottle } from './login-throttle.service.ts';
import { RecipientCap } from '../../platform/mail/recipient-cap.ts';
import { errorResponseSchema as errorResponse } from '../../platform/http/schemas.ts';

const tags = ['accounts'];

/** Sign-in, tokens, registration and password links (prefix /api). */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Counted in Redis when REDIS_URL is set: the same limits in total on every instance (issue 16).
  const throttle = new LoginThrottle(app.counters);
  const currentPassword = new CurrentPasswordThrottle(app.counters);
  const cap = new RecipientCap(app.counters, app.log);
  const deps = () => ({ db: app.db, config: app.config, mailer: app.mailer });

  app.post(
    '/accounts/login/',
    {
      schema: {
        tags,
        summary: 'Sign in: a short-lived access JWT with the role claim, and a rotating refresh token',
        body: loginBodySchema,
        response: {
          200: tokenPairSchema,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          429: errorResponse,
        },
      },
      // Caps hashing work from one address; failed attempts are throttled separately (LoginThrottle).
      config: { rateLimit: { max: 100, timeWindow: '1 minute' } },
    },
    async (request) => accounts.login(deps(), throttle, request.body, request.ip),
  );

  app.post(
    '/accounts/refresh/',
    {
      schema: {
        tags,
        summary: 'Rotate a refresh token; reuse of a rotated token revokes its whole family',
        body: refreshBodySchema,
        response: { 200: tokenPairSchema, 401: errorResponse },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => accounts.refresh(deps(), request.body.refresh),
  );

  app.post(
    '/accounts/logout/',
    {
      schema: {
        tags,
        summary: 'Sign out: revokes the refresh token (and its family)',
        body: logoutBodySchema.optional(),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await accounts.logout(deps(), request.body?.refresh);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/accounts/register/',
    {
      schema: {
        tags,
        summary:
          'Sign up for a family account (role student): the account is created when the e-mailed link is ' +
          'followed; the answer is the same whether or not the e-mail is already registered',
        // Checked in the handler so that `detail` is the first field message itself (spec §8).
        body: z
          .object({
            username: z.string().max(1000),
            email: z.string().max(1000),
            password: z.string().max(1000),
            locale: z.string().max(10),
          })
          .partial(),
        response: { 201: detailSchema, 400: errorResponse, 429: errorResponse },
      },
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const parsed = registerBodySchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const { detail, errors } = fieldErrorsOf(parsed.error);
        throw badRequest(detail, errors);
      }
      const detail = await accounts.register(deps(), cap, parsed.data);
      return reply.status(201).send({ detail });
    },
  );

  app.post(
    '/accounts/verify-email/',
    {
      schema: {
        tags,
        summary:
          'Confirm an e-mail address with the link of the verification e-mail (once, within 3 days); a ' +
          "sign-up's link creates its account",
        body: verifyEmailBodySchema,
        response: { 200: detailSchema, 400: errorResponse, 429: errorResponse },
      },
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
    },
    async (request) => ({ detail: await accounts.verifyEmail(deps(), request.body.token) }),
  );

  app.post(
    '/accounts/password-reset/',
    {
      schema: {
        tags,
        summary:
          'E-mail a single-use reset link (valid 1 hour); the answer never says whether the e-mail exists',
        body: passwordResetBodySchema,
        response: { 200: detailSchema, 400: errorResponse, 429: errorResponse },
      },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request) => ({ detail: await accounts.requestPasswordReset(deps(), cap, request.body.email) }),
  );

  app.post(
    '/accounts/password-reset/confirm/',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset or set-password link token',
        body: z.object({ token: z.string().max(1000), password: z.string().max(1000) }).partial(),
        response: { 200: detailSchema, 400: errorResponse, 429: errorResponse },
      },
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
    },
    async (request) => {
      const parsed = passwordResetConfirmBodySchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const { detail, errors } = fieldErrorsOf(parsed.error);
        throw badRequest(detail, errors);
      }
      return { detail: await accounts.confirmPasswordReset(deps(), parsed.data) };
    },
  );

  app.get(
    '/accounts/me/',
    {
      schema: {
        tags,
        summary: 'The signed-in account',
        security: [{ bearerAuth: [] }],
        response: { 200: userSchema, 401: errorResponse },
      },
      preHandler: app.authenticate,
    },
    async (request) => accounts.me(deps(), request.user!.sub),
  );

  app.post(
    '/accounts/password/',
    {
      schema: {
        tags,
        summary:
          "One's own password, after the current one (5 wrong ones per account in 15 minutes, then 429); " +
          'every session of the account ends',
        security: [{ bearerAuth: [] }],
        body: passwordChangeBodySchema,
        response: {
          200: z.object({ detail: z.string() }),
          400: errorResponse,
          401: errorResponse,
          429: errorResponse,
        },
      },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      preHandler: app.authenticate,
    },
    async (request) => ({
      detail: await accounts.changeOwnPassword(app.db, currentPassword, request.user!.sub, request.body),
    }),
  );

  app.put(
    '/accounts/locale/',
    {
      schema: {
        tags,
        summary: "One's own language, 'en' or 'am' (every role): the e-mails one receives follow it",
        security: [{ bearerAuth: [] }],
        body: localeBodySchema,
        response: { 204: z.null(), 400: errorResponse, 401: errorResponse },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      await accounts.setLocale(app.db, request.user!.sub, request.body.locale);
      return reply.status(204).send(null);
    },
  );
};
