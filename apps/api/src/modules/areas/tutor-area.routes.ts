import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  tutorOverviewSchema,
  tutorSessionsQuerySchema,
  tutorSessionsSchema,
  tutorStudentDetailSchema,
} from '@tibeb/domain/sessions/tutor-area';
import { errorResponses } from '../../platform/http/schemas.ts';
import * as tutorArea from './tutor-area.service.ts';
import { jitsiRoomLinks } from '../../platform/video/jitsi-rooms.ts';

const security = [{ bearerAuth: [] }];

/**
 * The tutor's week (prefix /api): the overview (the next session with its online room), the sessions of a
 * range of days, and the students with their sessions.
 */
export const tutorAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each viewer's signed room links (decision 267); null without JITSI_*.
  const rooms = jitsiRoomLinks(app.config.jitsi);
  const tutor = app.requireRole(['tutor']);
  const tags = ['tutor area'];

  app.get(
    '/tutor/overview/',
    {
      schema: {
        tags,
        security,
        summary:
          "This week's sessions, the next one with its room, this month's hours and earnings, sessions to mark",
        response: { 200: tutorOverviewSchema, ...errorResponses(401, 403) },
      },
      preHandler: tutor,
    },
    async (request) => tutorArea.overview(app.db, request.user!.sub, new Date(), rooms),
  );
  app.get(
    '/tutor/sessions/',
    {
      schema: {
        tags,
        security,
        summary: 'Sessions of `days` days from `from` (the tutor’s zone; default this week)',
        querystring: tutorSessionsQuerySchema,
        response: { 200: tutorSessionsSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: tutor,
    },
    async (request) => tutorArea.sessions(app.db, request.user!.sub, request.query, new Date(), rooms),
  );
  app.get(
    '/tutor/students/',
    {
      schema: {
        tags,
        security,
        summary: 'The tutor’s students with guardian contact, sessions held and to come, and every session',
        response: { 200: z.array(tutorStudentDetailSchema), ...errorResponses(401, 403) },
      },
      preHandler: tutor,
    },
    async (request) => tutorArea.students(app.db, request.user!.sub, new Date(), rooms),
  );
};
