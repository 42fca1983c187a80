import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { httpMessages } from '@tibeb/domain/shared/http-messages';
import { AppError, type FieldErrors } from './app-error.ts';
import { resolveErrorCode, type ErrorParams } from './error-codes.ts';
import { isConnectionLost, isDiskFull } from '../db/errors.ts';

/** The one JSON error shape (decision 003, issue 26): `detail` as the spec's client reads it, and a stable `code`. */
export type ErrorBody = {
  detail: string;
  code: string;
  params?: ErrorParams;
  errors?: FieldErrors;
  request_id?: string;
};

/** An error answer's body: its code (and values) from the thrower, its text, or its status (error-codes.ts). */
export function errorBody(
  status: number,
  detail: string,
  extra: { code?: string; params?: ErrorParams; errors?: FieldErrors } = {},
): ErrorBody {
  const { code, params } = resolveErrorCode(status, detail, {
    code: extra.code,
    params: extra.params,
    hasFieldErrors: extra.errors !== undefined,
  });
  return {
    detail,
    code,
    ...(params ? { params } : {}),
    ...(extra.errors ? { errors: extra.errors } : {}),
  };
}

/** The one JSON error shape: `detail` and `code` always, `params` for a message with values, `errors` for bad input. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // The request id (also in every log line of the request) lets a user's report be found in the logs.
    void reply.header('x-request-id', request.id);
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        detail: error.message,
        code: error.code,
        ...(error.params ? { params: error.params } : {}),
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
        (errors[field] ??= []).push(issue.message ?? 'Invalid value.');
      }
      const [firstField, firstMessages] = Object.entries(errors)[0] ?? ['', [httpMessages.invalidInput]];
      const first = firstMessages[0] ?? httpMessages.invalidInput;
      const detail = firstField === 'non_field_errors' ? first : `${firstField}: ${first}`;
      // The field errors keep their exact texts; the answer as a whole is `invalid_input`.
      return reply.status(400).send({ detail, code: 'invalid_input', errors });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large, rate limit).
      const malformed = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError;
      const unsupported = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE';
      const detail = malformed
        ? httpMessages.malformedJson
        : unsupported
          ? httpMessages.unsupportedMediaType
          : error.message || httpMessages.badRequest;
      return reply.status(status).send(errorBody(status, detail));
    }
    // (The logger's `err` serializer makes every error loggable: request-log.ts.)
    // A dependency's failure is not a bug (issue 29 item 1): a lost database connection (a restart, a failover)
    // or a full disk fails this request with 503 and says nothing was saved; the next request may work.
    if (isConnectionLost(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      void reply.header('retry-after', '5');
      return reply.status(503).send(errorBody(503, httpMessages.databaseUnavailable));
    }
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'disk full');
      return reply.status(503).send(errorBody(503, httpMessages.diskFull));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ ...errorBody(500, httpMessages.internalError), request_id: request.id });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).header('x-request-id', request.id).send(errorBody(404, httpMessages.notFound));
  });

  // An error answer a route sends itself (`reply.status(404).send({ detail })`) gets its code here too.
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || !isCodeless(payload)) return payload;
    return { ...payload, ...errorBody(reply.statusCode, payload.detail, { errors: payload.errors }) };
  });
}

function isCodeless(payload: unknown): payload is { detail: string; errors?: FieldErrors } {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as { detail?: unknown }).detail === 'string' &&
    (payload as { code?: unknown }).code === undefined
  );
}
