import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import {
  messageReportSchema,
  reportConversationSchema,
  reportedConversationDetailSchema,
  reportedListQuery,
  reportedListSchema,
  reportedParams,
  resolvedSchema,
  resolveReportsSchema,
} from '@tibeb/domain/messages/reports';
import { errorResponses } from '../../platform/http/schemas.ts';
import * as reports from './reports.service.ts';

const security = [{ bearerAuth: [] }];

/**
 * Reports of a message or a conversation by either side (under /tutor and /student, like the messages), and the
 * admins' queue of reported conversations (prefix /api; issue 31 item 7).
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl };

  for (const area of ['tutor', 'student'] as const) {
    app.post(
      `/${area}/messages/:conversationId/report/`,
      {
        schema: {
          tags: [area === 'tutor' ? 'tutor area' : 'student area'],
          security,
          summary:
            'Report a message (message_id) or the whole conversation to the office; the same open report again ' +
            'answers 200 with it; at most 10 reports an hour',
          params: reportedParams,
          body: reportConversationSchema,
          response: {
            200: messageReportSchema,
            201: messageReportSchema,
            ...errorResponses(400, 401, 403, 404, 429),
          },
        },
        preHandler: app.requireRole([area]),
      },
      async (request, reply) => {
        const { created, report } = await reports.report(
          deps,
          request.user!.sub,
          request.params.conversationId,
          request.body,
        );
        return reply.status(created ? 201 : 200).send(report);
      },
    );
  }

  const admin = app.requireRole(ADMIN_ROLES);
  const tags = ['admin: reported conversations'];

  app.get(
    '/admin/reported-conversations/',
    {
      schema: {
        tags,
        security,
        summary: 'Conversations with at least one report (open first), without their messages; 25 a page',
        querystring: reportedListQuery,
        response: { 200: reportedListSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: admin,
    },
    (request) => reports.listReported(app.db, request.query),
  );
  app.get(
    '/admin/reported-conversations/:conversationId/',
    {
      schema: {
        tags,
        security,
        summary:
          'A reported conversation: its reports, messages and the trail of admin reads (this read is audited)',
        params: reportedParams,
        response: { 200: reportedConversationDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: admin,
    },
    (request) => reports.readReported(app.db, request.user!.sub, request.params.conversationId),
  );
  app.post(
    '/admin/reported-conversations/:conversationId/resolve/',
    {
      schema: {
        tags,
        security,
        summary:
          'Resolve every open report of the conversation (audited); the reporters hear it was reviewed',
        params: reportedParams,
        body: resolveReportsSchema,
        response: { 200: resolvedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: admin,
    },
    (request) => reports.resolve(deps, request.user!.sub, request.params.conversationId, request.body),
  );
};
