import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as calendar from './calendar.service.ts';
import { errorResponses, textAnswer } from '../../platform/http/schemas.ts';

const security = [{ bearerAuth: [] }];
const feedAddress = z.object({ url: z.string().nullable() });

/**
 * Calendar subscriptions (prefix /api): a secret feed address per tutor or family account, made, replaced and
 * revoked in the areas, and the feed itself at /api/calendar/{token}.ics for calendar apps (no sign-in: the
 * token is the key).
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar/:token.ics',
    {
      schema: {
        tags: ['calendar'],
        summary:
          'The sessions of the token’s owner as an iCalendar feed (zoned times; cancelled ones marked)',
        params: z.object({ token: z.string().min(1).max(100) }),
        response: { 200: textAnswer('text/calendar', 'The iCalendar feed'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const body = await calendar.feed(app.db, app.config.publicUrl, request.params.token);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="tibeb.ics"')
        .send(body);
    },
  );

  for (const area of ['tutor', 'student'] as const) {
    const guard = app.requireRole([area]);
    const tags = [area === 'tutor' ? 'tutor area' : 'student area'];
    const path = `/${area}/calendar-token/`;
    /** The feed address routes of the area: its role, tag and security; each answers the address. */
    const feedRoute = (summary: string) => ({
      schema: { tags, security, summary, response: { 200: feedAddress, ...errorResponses(401, 403) } },
      preHandler: guard,
    });
    app.get(path, feedRoute('The calendar feed address, or null'), async (request) =>
      calendar.current(app.db, app.config.publicUrl, request.user!.sub),
    );
    app.post(path, feedRoute('Make a new secret feed address (the old one stops working)'), async (request) =>
      calendar.rotate(app.db, app.config.publicUrl, request.user!.sub),
    );
    app.delete(path, feedRoute('Revoke the feed address'), async (request) =>
      calendar.revoke(app.db, request.user!.sub),
    );
  }
};
