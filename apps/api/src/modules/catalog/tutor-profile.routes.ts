import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availabilityInputSchema,
  availabilitySchema,
  tutorCreateSchema,
  tutorUpdateSchema,
} from '@tibeb/domain/tutors/contract';
import {
  ADMIN_TUTOR_PAGE_SIZE,
  adminTutorPageQuerySchema,
  adminTutorPageSchema,
} from '@tibeb/domain/tutors/admin-list';
import {
  timeOffCreateSchema,
  timeOffListSchema,
  timeOffSchema,
  adminTutorProfileSchema,
  tutorProfileSchema,
  tutorSelfUpdateSchema,
} from '@tibeb/domain/tutors/profile';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { errorResponseSchema as errorBody } from '../../platform/http/schemas.ts';
import { saveImageUpload } from '../../platform/storage/uploads.ts';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import * as profiles from './tutor-profile.service.ts';
import * as service from './tutors.service.ts';

const wholeNumber = (what: string) =>
  z
    .string()
    .regex(/^\d{1,12}$/, `${what} is a whole number.`)
    .transform(Number);
const idParams = z.object({ id: wholeNumber('A tutor id') });
const timeOffParams = z.object({ id: wholeNumber('A tutor id'), timeOffId: wholeNumber('A time off id') });
const noQuery = z.object({ _ts: z.string().optional() });
const security = [{ bearerAuth: [] }];
const guarded = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
/** Tutor photos: resized to fit 800 × 800 (the directory's cards and dialog show at most 22 rem wide). */
const photoBox = { folder: 'tutors', maxWidth: 800, maxHeight: 800, minSide: 200 };
const actorOf = (request: FastifyRequest): profiles.Actor => ({ userId: request.user?.sub ?? null });

/**
 * Stores the uploaded photo and saves its address; the replaced photo's file is then removed (decision 200), or
 * the new file when the address could not be saved, so the store keeps only files a profile shows.
 */
async function storePhoto(app: AppInstance, request: FastifyRequest, id: number) {
  const image = await saveImageUpload(request, app.uploads, photoBox);
  const removeQuietly = (url: string) =>
    app.uploads.remove(url).then(
      () => undefined,
      (err: unknown) => request.log.warn({ err, url }, 'an uploaded file could not be removed'),
    );
  try {
    return await profiles.setPhoto(app.db, id, image.url, actorOf(request), removeQuietly);
  } catch (err) {
    await removeQuietly(image.url);
    throw err;
  }
}

/** The administrator's tutor screens: every profile, its availability, time off and photo. */
export const adminTutorProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: a visitor without the role gets 401/403 before any input is validated.
  const admin = { onRequest: app.requireRole(ADMIN_ROLES) };

  app.get(
    '/admin/tutors/',
    {
      ...admin,
      schema: {
        tags: ['tutors'],
        security,
        summary:
          'Tutor profiles, published or not; `q` searches name and subject. With `page` or `page_size`: one page (at most 100) and the count; without: the first 1000 as a list',
        querystring: adminTutorPageQuerySchema,
        response: {
          200: z.union([
            z.array(tutorProfileSchema.omit({ meeting_url: true, user_id: true })),
            adminTutorPageSchema,
          ]),
          ...guarded,
        },
      },
    },
    (request) => {
      const { q, published, page, page_size } = request.query;
      const filter = {
        q: q || undefined,
        published: published === undefined ? undefined : published === 'true',
      };
      if (page === undefined && page_size === undefined) return service.adminTutorList(app.db, filter);
      return service.adminTutorPage(app.db, filter, page ?? 1, page_size ?? ADMIN_TUTOR_PAGE_SIZE);
    },
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
        response: { 201: adminTutorProfileSchema, 409: errorBody, ...guarded },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await profiles.createTutorProfile(app.db, request.body, actorOf(request))),
  );

  app.get(
    '/admin/tutors/:id/',
    {
      ...admin,
      schema: {
        tags: ['tutors'],
        security,
        params: idParams,
        querystring: noQuery,
        response: { 200: adminTutorProfileSchema, ...guarded },
      },
    },
    (request) => profiles.tutorProfile(app.db, request.params.id),
  );

  app.patch(
    '/admin/tutors/:id/',
    {
      ...admin,
      schema: {
        tags: ['tutors'],
        security,
        summary:
          'Changes a tutor profile; `availability`, when sent, replaces the weekly windows (409 when a session to come would fall outside)',
        params: idParams,
        body: tutorUpdateSchema,
        response: { 200: adminTutorProfileSchema, 409: errorBody, ...guarded },
      },
    },
    (request) => profiles.updateTutorProfile(app.db, request.params.id, request.body, actorOf(request)),
  );

  app.put(
    '/admin/tutors/:id/availability/',
    {
      ...admin,
      schema: {
        tags: ['tutors'],
        security,
        summary:
          "Replaces a tutor's weekly availability (days left out have no windows); 409 names the sessions it would strand",
        params: idParams,
        body: availabilityInputSchema,
        response: { 200: tutorProfileSchema, 409: errorBody, ...guarded },
      },
    },
    (request) => profiles.replaceAvailability(app.db, request.params.id, request.body, actorOf(request)),
  );

  app.get(
    '/admin/tutors/:id/time-off/',
    {
      ...admin,
      schema: {
        tags: ['tutors'],
        security,
        summary: "A tutor's days off, earliest first",
        params: idParams,
        querystring: noQuery,
        response: { 200: timeOffListSchema, ...guarded },
      },
    },
    (request) => profiles.listTimeOff(app.db, request.params.id),
  );

  app.post(
    '/admin/tutors/:id/time-off/',
    {
      ...admin,
      schema: {
        tags: ['tutors'],
        security,
        summary: 'Adds days off (one date or a range); 409 names the sessions to come they would strand',
        params: idParams,
        body: timeOffCreateSchema,
        response: { 201: timeOffSchema, 409: errorBody, ...guarded },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await profiles.addTimeOff(app.db, request.params.id, request.body, actorOf(request))),
  );

  app.delete(
    '/admin/tutors/:id/time-off/:timeOffId/',
    {
      ...admin,
      schema: {
        tags: ['tutors'],
        security,
        params: timeOffParams,
        response: { 204: z.null(), ...guarded },
      },
    },
    async (request, reply) => {
      await profiles.removeTimeOff(app.db, request.params.id, request.params.timeOffId, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/admin/tutors/:id/photo/',
    {
      ...admin,
      schema: {
        tags: ['tutors'],
        security,
        summary:
          "Uploads a tutor's photo (multipart `file`: JPEG, PNG or WebP up to 5 MB), resized and stored",
        params: idParams,
        response: { 200: tutorProfileSchema, 413: errorBody, ...guarded, 503: errorBody },
      },
    },
    async (request) => {
      await profiles.assertTutor(app.db, request.params.id);
      return storePhoto(app, request, request.params.id);
    },
  );
};

/** The tutor's own profile, availability and time off (tutor area), through the same service and rules. */
export const tutorSelfRoutes: FastifyPluginAsyncZod = async (app) => {
  const tutor = { onRequest: app.requireRole(['tutor']) };
  const me = (request: FastifyRequest) => profiles.ownTutorId(app.db, request.user!.sub);

  app.get(
    '/tutor/profile/',
    {
      ...tutor,
      schema: {
        tags: ['tutor area'],
        security,
        summary: "The signed-in tutor's profile (404 when the account has no profile)",
        querystring: noQuery,
        response: { 200: tutorProfileSchema, ...guarded },
      },
    },
    async (request) => profiles.tutorProfile(app.db, await me(request)),
  );

  app.put(
    '/tutor/profile/',
    {
      ...tutor,
      schema: {
        tags: ['tutor area'],
        security,
        summary:
          'Changes the public texts and the meeting link (rate, subject and publishing stay with the admins)',
        body: tutorSelfUpdateSchema,
        response: { 200: tutorProfileSchema, ...guarded },
      },
    },
    async (request) => profiles.updateTutorProfile(app.db, await me(request), request.body, actorOf(request)),
  );

  app.post(
    '/tutor/profile/photo/',
    {
      ...tutor,
      schema: {
        tags: ['tutor area'],
        security,
        summary: 'Uploads the photo (multipart `file`: JPEG, PNG or WebP up to 5 MB)',
        response: { 200: tutorProfileSchema, 413: errorBody, ...guarded, 503: errorBody },
      },
    },
    async (request) => {
      return storePhoto(app, request, await me(request));
    },
  );

  app.get(
    '/tutor/availability/',
    {
      ...tutor,
      schema: {
        tags: ['tutor area'],
        security,
        summary: "The weekly availability, the same shape as the public tutor's `availability`",
        querystring: noQuery,
        response: { 200: availabilitySchema, ...guarded },
      },
    },
    async (request) => profiles.availabilityOf(app.db, await me(request)),
  );

  app.put(
    '/tutor/availability/',
    {
      ...tutor,
      schema: {
        tags: ['tutor area'],
        security,
        summary: 'Replaces the weekly availability; 409 names the sessions to come it would strand',
        body: availabilityInputSchema,
        response: { 200: availabilitySchema, 409: errorBody, ...guarded },
      },
    },
    async (request) =>
      (await profiles.replaceAvailability(app.db, await me(request), request.body, actorOf(request)))
        .availability,
  );

  app.get(
    '/tutor/time-off/',
    {
      ...tutor,
      schema: {
        tags: ['tutor area'],
        security,
        querystring: noQuery,
        response: { 200: timeOffListSchema, ...guarded },
      },
    },
    async (request) => profiles.listTimeOff(app.db, await me(request)),
  );

  app.post(
    '/tutor/time-off/',
    {
      ...tutor,
      schema: {
        tags: ['tutor area'],
        security,
        summary: 'Adds days off (one date or a range); 409 names the sessions to come they would strand',
        body: timeOffCreateSchema,
        response: { 201: timeOffSchema, 409: errorBody, ...guarded },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await profiles.addTimeOff(app.db, await me(request), request.body, actorOf(request))),
  );

  app.delete(
    '/tutor/time-off/:timeOffId/',
    {
      ...tutor,
      schema: {
        tags: ['tutor area'],
        security,
        params: z.object({ timeOffId: wholeNumber('A time off id') }),
        response: { 204: z.null(), ...guarded },
      },
    },
    async (request, reply) => {
      await profiles.removeTimeOff(app.db, await me(request), request.params.timeOffId, actorOf(request));
      return reply.status(204).send(null);
    },
  );
};
