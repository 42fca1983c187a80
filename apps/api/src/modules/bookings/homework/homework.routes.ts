import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  homeworkBodySchema,
  homeworkDoneSchema,
  homeworkListSchema,
  homeworkMessages as msg,
  homeworkNoteSchema,
  homeworkSchema,
} from '@tibeb/domain/homework/contracts';
import { PRIVATE_FILE_TYPES } from '@tibeb/domain/messages/attachments';
import { unauthorized } from '../../../platform/http/app-error.ts';
import { errorResponses, fileAnswer } from '../../../platform/http/schemas.ts';
import {
  privateFileHeaders,
  privateStorage,
  sendPrivateFile,
} from '../../../platform/storage/private-storage.ts';
import * as homework from './homework.service.ts';

const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.uuid({ error: msg.notFound }) });
const sessionParams = z.object({ sessionId: z.uuid({ error: msg.sessionNotFound }) });

/**
 * Homework (issue 30 item 5, decision 270): the tutor sets, changes, deletes and notes it (/api/tutor/…), the
 * family reads it and marks it done (/api/student/…), and both read its file (/api/homework/{id}/file/).
 */
export const homeworkRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = await privateStorage(app.config);
  const deps = (): homework.HomeworkDeps => ({
    db: app.db,
    mailer: app.mailer,
    store,
    publicUrl: app.config.publicUrl,
    log: app.log,
  });
  const tutor = app.requireRole(['tutor']);
  const student = app.requireRole(['student']);
  const tutorTags = ['tutor area'];
  const studentTags = ['student area'];

  app.get(
    '/tutor/homework/',
    {
      preHandler: tutor,
      schema: {
        tags: tutorTags,
        security,
        summary: `The tutor's homework on lessons of the last ${homework.TUTOR_LIST_DAYS} days and to come`,
        response: { 200: homeworkListSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => homework.tutorHomework(app.db, request.user!.sub),
  );

  app.post(
    '/tutor/sessions/:sessionId/homework/',
    {
      preHandler: tutor,
      schema: {
        tags: tutorTags,
        security,
        summary:
          'Set homework on one of the tutor’s paid lessons: text (1–4000), due date (not in the past), an ' +
          'optional file uploaded first (POST /api/tutor/files/); the family is e-mailed',
        params: sessionParams,
        body: homeworkBodySchema,
        response: { 201: homeworkSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await homework.setHomework(deps(), request.user!.sub, request.params.sessionId, request.body)),
  );

  app.patch(
    '/tutor/homework/:id/',
    {
      preHandler: tutor,
      schema: {
        tags: tutorTags,
        security,
        summary:
          'Change the homework’s text, due date or file (`attachment_id`: a new upload, null for none, left out ' +
          'to keep it) until the family marks it done',
        params: idParams,
        body: homeworkBodySchema,
        response: { 200: homeworkSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => homework.editHomework(deps(), request.user!.sub, request.params.id, request.body),
  );

  app.delete(
    '/tutor/homework/:id/',
    {
      preHandler: tutor,
      schema: {
        tags: tutorTags,
        security,
        summary: 'Delete the homework (and its file) until the family marks it done',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await homework.deleteHomework(deps(), request.user!.sub, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/tutor/homework/:id/note/',
    {
      preHandler: tutor,
      schema: {
        tags: tutorTags,
        security,
        summary: 'The tutor’s note on the homework, shown to the family on Progress (empty removes it)',
        params: idParams,
        body: homeworkNoteSchema,
        response: { 200: homeworkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => homework.noteHomework(deps(), request.user!.sub, request.params.id, request.body),
  );

  app.get(
    '/student/homework/',
    {
      preHandler: student,
      schema: {
        tags: studentTags,
        security,
        summary: 'The family’s homework, the latest lessons first, with the tutors’ notes',
        response: { 200: homeworkListSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => homework.familyHomework(app.db, request.user!.sub),
  );

  app.post(
    '/student/homework/:id/done/',
    {
      preHandler: student,
      schema: {
        tags: studentTags,
        security,
        summary: 'Mark the homework done (`done: true`), or not done after all',
        params: idParams,
        body: homeworkDoneSchema,
        response: { 200: homeworkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => homework.markDone(deps(), request.user!.sub, request.params.id, request.body.done),
  );

  app.get(
    '/homework/:id/file/',
    {
      onRequest: app.authenticate,
      onSend: privateFileHeaders,
      schema: {
        tags: ['homework'],
        security,
        summary:
          'The homework’s file, for its tutor and its family only (anyone else 404): images inline, PDFs as a ' +
          'download; never cached, never sniffed',
        params: idParams,
        response: { 200: fileAnswer(PRIVATE_FILE_TYPES, 'The file'), ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      const file = await homework.readHomeworkFile(deps(), request.user.sub, request.params.id);
      return sendPrivateFile(reply, file);
    },
  );
};
