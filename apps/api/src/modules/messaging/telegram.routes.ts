import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { telegramStatusSchema, telegramUpdateSchema } from '@tibeb/domain/messaging/telegram';
import { notFound, unauthorized } from '../../platform/http/app-error.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import * as telegram from './telegram.service.ts';

const security = [{ bearerAuth: [] }];

const sameSecret = (given: string | undefined, expected: string) => {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Telegram for families (prefix /api; issue 30 item 6, decision 268): the family's link and its removal, and the
 * bot's webhook, which Telegram calls with the secret header set when the webhook was registered.
 */
export const telegramRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, telegram: app.config.telegram, log: app.log };
  const tags = ['student area'];

  app.get(
    '/student/telegram/',
    {
      schema: {
        tags,
        security,
        summary:
          "Whether the platform has a Telegram bot, whether this account is linked, and the bot's start link",
        response: { 200: telegramStatusSchema, ...errorResponses(401, 403) },
      },
      preHandler: app.requireRole(['student']),
    },
    async (request) => telegram.telegramStatus(deps, request.user!.sub),
  );

  app.delete(
    '/student/telegram/',
    {
      schema: {
        tags,
        security,
        summary: 'Stops Telegram messages for this account (the chat is unlinked)',
        response: { 200: telegramStatusSchema, ...errorResponses(401, 403) },
      },
      preHandler: app.requireRole(['student']),
    },
    async (request) => telegram.unlinkTelegram(deps, request.user!.sub),
  );

  app.post(
    '/telegram/webhook/',
    {
      schema: {
        tags: ['telegram'],
        summary:
          "The bot's webhook: `/start <code>` links a family's chat, `/stop` unlinks it (X-Telegram-Bot-Api-Secret-Token required)",
        body: telegramUpdateSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
      if (!deps.telegram) throw notFound();
      const secret = request.headers['x-telegram-bot-api-secret-token'];
      if (!sameSecret(typeof secret === 'string' ? secret : undefined, deps.telegram.webhookSecret))
        throw unauthorized('The webhook secret is missing or wrong.');
      await telegram.handleUpdate(deps, request.body);
      return { ok: true as const };
    },
  );
};
