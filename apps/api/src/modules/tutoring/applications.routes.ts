import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import {
  adminApplicationListQuerySchema,
  adminApplicationListSchema,
  adminApplicationSchema,
  applicationCreateSchema,
  applicationCreatedSchema,
  applicationFieldsSchema,
  decisionBodySchema,
  documentSchema,
  documentUploadKindSchema,
  ownApplicationSchema,
  tutoringMessages as m,
} from '@tibeb/domain/tutoring/contracts';
import { AppError, badRequest } from '../../platform/http/app-error.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { errorResponseSchema as errorBody, fileAnswer } from '../../platform/http/schemas.ts';
import { RecipientCap } from '../../platform/mail/recipient-cap.ts';
import * as service from './applications.service.ts';

const tags = ['tutor applications'];
const security = [{ bearerAuth: [] }];
const guarded = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: z.uuid({ error: m.notFound }) });
const docParams = z.object({ documentId: z.uuid({ error: m.documentNotFound }) });
const adminDocParams = z.object({
  id: z.uuid({ error: m.notFound }),
  documentId: z.uuid({ error: m.documentNotFound }),
});
const fileResponse = {
  200: fileAnswer(['application/pdf', 'image/jpeg', 'image/png', 'image/webp'], 'The file (attachment)'),
};

/** Sends a private file: downloaded, never cached, never sniffed into something else. */
function sendPrivateFile(reply: FastifyReply, file: { fileName: string; contentType: string; data: Buffer }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}

/** Applying to teach (anonymous), the applicant's own application and documents, and the admin's vetting. */
export const applicationsRoutes: FastifyPluginAsyncZod = async (app: AppInstance) => {
  const cap = new RecipientCap(app.counters, app.log);
  const deps = () => ({ db: app.db, config: app.config, mailer: app.mailer, cap });
  const tutor = { onRequest: app.requireRole(['tutor']) };
  const admin = { onRequest: app.requireRole(ADMIN_ROLES) };

  app.post(
    '/tutor-applications/',
    {
      schema: {
        tags,
        summary:
          'Apply to teach (anonymous): makes the account (role tutor, e-mail to verify), the unpublished profile ' +
          'and the application; the answer is the same whether or not the address already has an account',
        body: applicationCreateSchema,
        response: { 201: applicationCreatedSchema, 400: errorBody, 429: errorBody },
      },
      // Shared across instances (the rate-limit store): a handful of applications per address and hour.
      config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const locale = request.headers['accept-language']?.toLowerCase().startsWith('am') ? 'am' : 'en';
      const created = await service.apply(deps(), request.body, { address: request.ip, locale });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/tutor/application/',
    {
      ...tutor,
      schema: {
        tags,
        security,
        summary: 'The applicant’s application',
        response: { 200: ownApplicationSchema, ...guarded },
      },
    },
    (request) => service.getOwnApplication(app.db, request.user!.sub),
  );

  app.put(
    '/tutor/application/',
    {
      ...tutor,
      schema: {
        tags,
        security,
        summary: 'Edits the application while it is open; after a request for changes it is submitted again',
        body: applicationFieldsSchema,
        response: { 200: ownApplicationSchema, ...guarded },
      },
    },
    (request) => service.updateOwnApplication(app.db, request.user!.sub, request.body),
  );

  app.post(
    '/tutor/application/documents/',
    {
      ...tutor,
      schema: {
        tags,
        security,
        summary:
          'Uploads a document (multipart: field `kind` before the file `file`, PDF, JPEG, PNG or WebP up to 5 MB; ' +
          '`?kind=` is also read)',
        querystring: z.object({ kind: z.string().max(40).optional() }),
        response: { 201: documentSchema, 413: errorBody, ...guarded },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(m.documentType, { file: [m.documentType] });
      let part;
      try {
        part = await request.file({ limits: { fileSize: service.MAX_DOCUMENT_BYTES, files: 1 } });
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, m.documentTooLarge, { fieldErrors: { file: [m.documentTooLarge] } });
        throw badRequest(m.documentType, { file: [m.documentType] });
      }
      if (!part) throw badRequest(m.documentType, { file: [m.documentType] });
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, m.documentTooLarge, { fieldErrors: { file: [m.documentTooLarge] } });
        throw error;
      }
      if (part.file.truncated)
        throw new AppError(413, m.documentTooLarge, { fieldErrors: { file: [m.documentTooLarge] } });
      // The kind is a form field sent before the file (or, for scripts, the query).
      const field = part.fields.kind;
      const fieldValue = field && !Array.isArray(field) && 'value' in field ? field.value : undefined;
      const kind = documentUploadKindSchema.safeParse(fieldValue ?? request.query.kind);
      if (!kind.success) throw badRequest(m.documentKind, { kind: [m.documentKind] });
      const doc = await service.addDocument(app.db, request.user!.sub, {
        kind: kind.data,
        fileName: part.filename ?? '',
        data,
      });
      return reply.status(201).send(doc);
    },
  );

  app.delete(
    '/tutor/application/documents/:documentId/',
    {
      ...tutor,
      schema: {
        tags,
        security,
        summary: 'Deletes a document while the application is open',
        params: docParams,
        response: { 204: z.null(), ...guarded },
      },
    },
    async (request, reply) => {
      await service.removeDocument(app.db, request.user!.sub, request.params.documentId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/tutor/application/documents/:documentId/file/',
    {
      ...tutor,
      schema: {
        tags,
        security,
        summary: 'The applicant’s own document',
        params: docParams,
        response: { ...fileResponse, ...guarded },
      },
    },
    async (request, reply) =>
      sendPrivateFile(
        reply,
        await service.readDocument(app.db, { userId: request.user!.sub }, request.params.documentId),
      ),
  );

  app.get(
    '/admin/tutor-applications/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Applications, newest first, 20 a page; `status` filters',
        querystring: adminApplicationListQuerySchema,
        response: { 200: adminApplicationListSchema, ...guarded },
      },
    },
    (request) => service.listForAdmin(app.db, request.query),
  );

  app.get(
    '/admin/tutor-applications/:id/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'One application with its documents, checks and history',
        params: idParams,
        response: { 200: adminApplicationSchema, ...guarded },
      },
    },
    (request) => service.adminApplication(app.db, request.params.id),
  );

  app.get(
    '/admin/tutor-applications/:id/documents/:documentId/file/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'An applicant’s document',
        params: adminDocParams,
        response: { ...fileResponse, ...guarded },
      },
    },
    async (request, reply) =>
      sendPrivateFile(
        reply,
        await service.readDocument(app.db, { applicationId: request.params.id }, request.params.documentId),
      ),
  );

  app.post(
    '/admin/tutor-applications/:id/decision/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary:
          'Approve (publishes the profile), request changes or reject, with a reason and the checks done',
        params: idParams,
        body: decisionBodySchema,
        response: { 200: adminApplicationSchema, ...guarded },
      },
    },
    (request) => service.decide(deps(), request.user!.sub, request.params.id, request.body),
  );
};
