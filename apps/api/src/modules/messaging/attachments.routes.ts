import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attachmentMessages as m,
  attachmentSchema,
  PRIVATE_FILE_TYPES,
} from '@tibeb/domain/messages/attachments';
import { unauthorized } from '../../platform/http/app-error.ts';
import { errorResponses, fileAnswer } from '../../platform/http/schemas.ts';
import {
  privateFileHeaders,
  privateStorage,
  readPrivateUpload,
  sendPrivateFile,
} from '../../platform/storage/private-storage.ts';
import * as attachments from './attachments.service.ts';

const security = [{ bearerAuth: [] }];
/** Uploads one account may make per minute (the day's bound is counted in the database). */
export const MAX_UPLOADS_PER_MINUTE = 10;

/**
 * Private files (decision 269): the upload of the tutor and student areas (a message's file, a homework's file),
 * and the reading of a message's file by its conversation's two sides (or an admin once it is reported).
 */
export const attachmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = await privateStorage(app.config);

  for (const area of ['tutor', 'student'] as const) {
    app.post(
      `/${area}/files/`,
      {
        schema: {
          tags: [area === 'tutor' ? 'tutor area' : 'student area'],
          security,
          summary:
            'Upload a file to send in a message' +
            (area === 'tutor' ? ' or set with homework' : '') +
            ' (multipart `file`: JPEG, PNG, WebP or PDF by its content, at most 5 MB; a bounded number a day). ' +
            'It stays the uploader’s own until attached.',
          response: { 201: attachmentSchema, ...errorResponses(400, 401, 403, 413, 429) },
        },
        config: {
          rateLimit: {
            max: MAX_UPLOADS_PER_MINUTE,
            timeWindow: '1 minute',
            keyGenerator: (request) => `files:${request.user?.sub ?? request.ip}`,
          },
        },
        preHandler: app.requireRole([area]),
      },
      async (request, reply) => {
        const file = await readPrivateUpload(request);
        return reply.status(201).send(await attachments.upload(app.db, store, request.user!.sub, file));
      },
    );
  }

  app.get(
    '/messages/:conversationId/files/:fileId/',
    {
      onRequest: app.authenticate,
      onSend: privateFileHeaders,
      schema: {
        tags: ['messages'],
        security,
        summary:
          'A message’s file, for the conversation’s two sides (and admins once it is reported); anyone else 404. ' +
          'Images inline, PDFs as a download; never cached, never sniffed',
        params: z.object({
          conversationId: z.uuid({ error: m.notFound }),
          fileId: z.uuid({ error: m.notFound }),
        }),
        response: {
          200: fileAnswer(PRIVATE_FILE_TYPES, 'The file'),
          ...errorResponses(400, 401, 404, 503),
        },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      const file = await attachments.readMessageFile(
        app.db,
        store,
        { userId: request.user.sub, role: request.user.role },
        request.params.conversationId,
        request.params.fileId,
      );
      return sendPrivateFile(reply, file);
    },
  );
};
