import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDashboardSchema,
  areaSessionSchema,
  progressSchema,
  studentDashboardSchema,
  studentTutorSchema,
  tutorDashboardSchema,
} from '@tibeb/domain/accounts/dashboard';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import * as dashboard from './dashboard.service.ts';

const security = [{ bearerAuth: [] }];

/** The signed-in areas' overview and reads (prefix /api): /admin, /tutor and /student, each for its roles. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole(ADMIN_ROLES);
  const tutor = app.requireRole(['tutor']);
  const student = app.requireRole(['student']);

  app.get(
    '/admin/dashboard/',
    {
      schema: {
        tags: ['admin: dashboard'],
        security,
        summary: 'Counts of users, tutors, reservations, and revenue (paid minus refunded)',
        response: { 200: adminDashboardSchema },
      },
      preHandler: admin,
    },
    async () => dashboard.adminDashboard(app.db),
  );

  const tutorTags = ['tutor area'];
  app.get(
    '/tutor/dashboard/',
    {
      schema: {
        tags: tutorTags,
        security,
        summary: "The signed-in tutor's upcoming sessions and counts",
        response: { 200: tutorDashboardSchema },
      },
      preHandler: tutor,
    },
    async (request) => dashboard.tutorDashboard(app.db, request.user!.sub),
  );
  app.get(
    '/tutor/schedule/',
    {
      schema: {
        tags: tutorTags,
        security,
        summary: 'Paid sessions of the coming 8 weeks',
        response: { 200: z.array(areaSessionSchema) },
      },
      preHandler: tutor,
    },
    async (request) => dashboard.tutorSchedule(app.db, request.user!.sub),
  );

  const studentTags = ['student area'];
  app.get(
    '/student/dashboard/',
    {
      schema: {
        tags: studentTags,
        security,
        summary: "The family's upcoming sessions and counts",
        response: { 200: studentDashboardSchema },
      },
      preHandler: student,
    },
    async (request) => dashboard.studentDashboard(app.db, request.user!.sub),
  );
  app.get(
    '/student/tutors/',
    {
      schema: {
        tags: studentTags,
        security,
        summary: 'Tutors the family has booked',
        response: { 200: z.array(studentTutorSchema) },
      },
      preHandler: student,
    },
    async (request) => dashboard.studentTutors(app.db, request.user!.sub),
  );
  app.get(
    '/student/progress/',
    {
      schema: {
        tags: studentTags,
        security,
        summary: 'Sessions done and ahead, and the tutors’ progress notes',
        response: { 200: progressSchema },
      },
      preHandler: student,
    },
    async (request) => dashboard.studentProgress(app.db, request.user!.sub),
  );
};
