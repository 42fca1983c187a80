import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import {
  contactSchema,
  conversationSchema,
  conversationSummarySchema,
  sendMessageSchema,
  startConversationSchema,
  unreadSchema,
} from '@tibeb/domain/messages/contracts';
import { messageTexts } from '@tibeb/domain/messages/texts';
import { AppError } from '../../platform/http/app-error.ts';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../platform/auth/tokens.ts';
import { MessagesLive } from './messages-live.service.ts';
import * as messages from './messages.service.ts';
import { errorResponses, textAnswer } from '../../platform/http/schemas.ts';

const security = [{ bearerAuth: [] }];
const params = z.object({ conversationId: z.uuid() });
/** A comment line every 25 s keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** Open streams per account on one instance (a few tabs and devices); more answer 429. */
export const MAX_STREAMS_PER_USER = 5;
/** Messages one account may send per minute (a person types far fewer; a script is stopped). */
export const MAX_SENDS_PER_MINUTE = 30;

/**
 * Messages between a tutor and a family (prefix /api), the same routes under /tutor and /student: the
 * conversation list, one conversation, send, mark read, the unread count for the sidebar, whom one may write to,
 * and a live stream of server-sent events.
 */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const live = new MessagesLive(app.db, app.dbEngine, app.log);
  const streams = new Set<ServerResponse>();
  app.addHook('onReady', async () => {
    await live.start();
  });
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });
  app.addHook('onClose', async () => {
    await live.close();
  });

  for (const area of ['tutor', 'student'] as const) {
    const guard = app.requireRole([area]);
    const tags = [area === 'tutor' ? 'tutor area' : 'student area'];
    const base = `/${area}/messages/`;

    app.get(
      base,
      {
        schema: {
          tags,
          security,
          summary: 'Conversations, the latest first, with unread counts',
          response: { 200: z.array(conversationSummarySchema), ...errorResponses(401, 403) },
        },
        preHandler: guard,
      },
      async (request) => messages.list(app.db, request.user!.sub),
    );
    app.post(
      base,
      {
        schema: {
          tags,
          security,
          summary:
            area === 'student'
              ? 'Start (or find) the conversation with a tutor the family booked'
              : 'Start (or find) the conversation with a family that booked the tutor',
          body: startConversationSchema,
          response: { 200: z.object({ id: z.string() }), ...errorResponses(400, 401, 403, 404) },
        },
        preHandler: guard,
      },
      async (request) => messages.start(app.db, request.user!.sub, area, request.body),
    );
    app.get(
      `${base}unread/`,
      {
        schema: {
          tags,
          security,
          summary: 'Unread messages in all conversations',
          response: { 200: unreadSchema, ...errorResponses(401, 403) },
        },
        preHandler: guard,
      },
      async (request) => messages.unread(app.db, request.user!.sub),
    );
    app.get(
      `${base}contacts/`,
      {
        schema: {
          tags,
          security,
          summary: 'Whom one may write to, with the conversation when there is one',
          response: { 200: z.array(contactSchema), ...errorResponses(401, 403) },
        },
        preHandler: guard,
      },
      async (request) => messages.contacts(app.db, request.user!.sub, area),
    );
    app.get(
      `${base}stream/`,
      {
        schema: {
          tags,
          security,
          summary: 'Server-sent events: `message` and `read` events of the user’s conversations, live',
          response: {
            200: textAnswer('text/event-stream', 'Server-sent events'),
            ...errorResponses(401, 403, 429),
          },
        },
        preHandler: guard,
      },
      async (request, reply) => {
        const userId = request.user!.sub;
        // A stream is for an account that exists and is active (a token can outlive its account).
        await messages.assertActiveAccount(app.db, userId);
        if (live.subscriberCount(userId) >= MAX_STREAMS_PER_USER) {
          throw new AppError(429, messageTexts.tooManyStreams);
        }
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        raw.write('retry: 3000\n: connected\n\n');
        streams.add(raw);
        const unsubscribe = live.subscribe(userId, (event) => {
          raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
        });
        const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
        heartbeat.unref();
        // A stream lives as long as an access token: the browser then reconnects with a fresh one, so a signed-out
        // or deactivated account stops hearing messages as soon as its tokens stop working.
        const lifetime = setTimeout(() => raw.end(), ACCESS_TOKEN_TTL_SECONDS * 1000);
        lifetime.unref();
        const done = () => {
          clearInterval(heartbeat);
          clearTimeout(lifetime);
          unsubscribe();
          streams.delete(raw);
        };
        request.raw.on('close', done);
        raw.on('close', done);
      },
    );
    app.get(
      `${base}:conversationId/`,
      {
        schema: {
          tags,
          security,
          summary: 'One conversation with its latest 200 messages, oldest first',
          params,
          response: { 200: conversationSchema, ...errorResponses(400, 401, 403, 404) },
        },
        preHandler: guard,
      },
      async (request) => messages.conversation(app.db, request.user!.sub, request.params.conversationId),
    );
    app.post(
      `${base}:conversationId/`,
      {
        schema: {
          tags,
          security,
          summary:
            'Send a message: text (at most 2000 characters; links stay text) and/or a file uploaded first ' +
            '(`attachment_id`, from POST …/files/)',
          params,
          body: sendMessageSchema,
          response: {
            201: z.object({ id: z.string(), created_at: z.string() }),
            ...errorResponses(400, 401, 403, 404, 429),
          },
        },
        // Counted per account (the area guard has read the token by then), not per address.
        config: {
          rateLimit: {
            max: MAX_SENDS_PER_MINUTE,
            timeWindow: '1 minute',
            keyGenerator: (request) => `messages:${request.user?.sub ?? request.ip}`,
          },
        },
        preHandler: guard,
      },
      async (request, reply) => {
        const sent = await messages.send(
          app.db,
          live,
          request.user!.sub,
          request.params.conversationId,
          request.body.body,
          request.body.attachment_id ?? null,
        );
        return reply.status(201).send(sent);
      },
    );
    app.post(
      `${base}:conversationId/read/`,
      {
        schema: {
          tags,
          security,
          summary: 'Mark the other side’s messages read',
          params,
          response: { 200: z.object({ read: z.number().int() }), ...errorResponses(400, 401, 403, 404) },
        },
        preHandler: guard,
      },
      async (request) => messages.markRead(app.db, live, request.user!.sub, request.params.conversationId),
    );
  }
};
