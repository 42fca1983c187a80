import {
  adminTutorSchema,
  availabilityInputSchema,
  publicTutorListSchema,
  publicTutorSchema,
  tutorCreateSchema,
  tutorUpdateSchema,
} from '@tibeb/domain/tutors/contract';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { withEtag } from '../../lib/public-cache.ts';
import { ADMIN_ROLES } from '../../plugins/auth.ts';
import { sendCachedJson } from './directory-cache.ts';
import * as service from './tutors.service.ts';
import { errorResponseSchema as errorBody } from '../../lib/http-schemas.ts';

const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,12}$/, 'A tutor id is a whole number.')
    .transform(Number),
});
// The spec's client adds `_ts` to bust caches; it changes nothing here.
const publicQuery = z.object({ _ts: z.string().optional() });

/** The public tutor directory and its administration. */
export async function tutorsRoutes(app: AppInstance) {
  // onRequest: a visitor without the role gets 401/403 before any input is validated.
  const admin = { onRequest: app.requireRole(ADMIN_ROLES) };
  const security = [{ bearerAuth: [] }];

  app.get(
    '/tutors/public/',
    {
      schema: {
        tags: ['tutors'],
        summary: 'Published tutors with their ratings and weekly availability',
        querystring: publicQuery,
        response: { 200: publicTutorListSchema, 304: z.null() },
      },
    },
    async (request, reply) => {
      const json = withEtag(request, reply, await service.publicTutorList(app.db));
      if (json === undefined) return reply;
      return sendCachedJson(reply, json);
    },
  );

  app.get(
    '/tutors/public/:id/',
    {
      schema: {
        tags: ['tutors'],
        summary: 'One published tutor with availability (mon..sun of {start, end}, wall-clock HH:MM)',
        params: idParams,
        querystring: publicQuery,
        response: { 200: publicTutorSchema, 304: z.null(), 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const json = withEtag(request, reply, await service.publicTutor(app.db, request.params.id));
      if (json === undefined) return reply;
      return sendCachedJson(reply, json);
    },
  );

  app.get(
    '/admin/tutors/',
    {
      ...admin,
      schema: {
        tags: ['tutors'],
        security,
        summary: 'Every tutor profile, published or not',
        response: { 200: z.array(adminTutorSchema), 401: errorBody, 403: errorBody },
      },
    },
    () => service.adminTutorList(app.db),
  );

  app.post(
    '/admin/tutors/',
    {
      ...admin,
      schema: {
        tags: ['tutors'],
        security,
        summary: 'Creates a tutor profile (and its weekly availability)',
        body: tutorCreateSchema,
        response: { 201: adminTutorSchema, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createTutor(app.db, request.body)),
  );

  app.get(
    '/admin/tutors/:id/',
    {
      ...admin,
      schema: {
        tags: ['tutors'],
        security,
        params: idParams,
        response: { 200: adminTutorSchema, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    (request) => service.adminTutor(app.db, request.params.id),
  );

  app.patch(
    '/admin/tutors/:id/',
    {
      ...admin,
      schema: {
        tags: ['tutors'],
        security,
        summary: 'Changes a tutor profile; `availability`, when sent, replaces the weekly windows',
        params: idParams,
        body: tutorUpdateSchema,
        response: { 200: adminTutorSchema, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    (request) => service.updateTutor(app.db, request.params.id, request.body),
  );

  app.put(
    '/admin/tutors/:id/availability/',
    {
      ...admin,
      schema: {
        tags: ['tutors'],
        security,
        summary: "Replaces a tutor's weekly availability (days left out have no windows)",
        params: idParams,
        body: availabilityInputSchema,
        response: { 200: adminTutorSchema, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    (request) => service.replaceTutorAvailability(app.db, request.params.id, request.body),
  );
}
