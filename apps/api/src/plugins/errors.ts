import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '../lib/errors.ts';

/** The one JSON error shape: `detail` always, `errors` (field → messages) for bad input. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // The request id (also in every log line of the request) lets a user's report be found in the logs.
    void reply.header('x-request-id', request.id);
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        detail: error.message,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
        ...(error.code ? { code: error.code } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
        (errors[field] ??= []).push(issue.message ?? 'Invalid value.');
      }
      const [firstField, firstMessages] = Object.entries(errors)[0] ?? ['', ['Invalid input.']];
      const first = firstMessages[0] ?? 'Invalid input.';
      const detail = firstField === 'non_field_errors' ? first : `${firstField}: ${first}`;
      return reply.status(400).send({ detail, errors });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large, rate limit).
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Malformed JSON body.'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type.'
            : error.message || 'Bad request.';
      return reply.status(status).send({ detail });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ detail: 'Something went wrong on our side. Please try again.', request_id: request.id });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).header('x-request-id', request.id).send({ detail: 'Not found.' });
  });
}
