import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { httpMessages } from '@tibeb/domain/shared/http-messages';
import { AppError, type FieldErrors } from './app-error.ts';
import { plainFieldMessage, type ValidationIssue } from '@tibeb/domain/shared/field-messages';
import { z } from 'zod';
import { codeOfMessage, resolveErrorCode, type ErrorParams } from './error-codes.ts';
import { isConnectionLost, isDiskFull } from '../db/errors.ts';

/** The one JSON error shape (decision 003, issue 26): `detail` as the spec's client reads it, and a stable `code`. */
export type ErrorBody = {
  detail: string;
  code: string;
  params?: ErrorParams;
  errors?: FieldErrors;
  field_codes?: FieldCodes;
  request_id?: string;
};

/** Each field error's code and values, in the order of its field's messages (issue 31 item 3). */
export type FieldCodes = Record<string, { code: string; params?: ErrorParams }[]>;

/**
 * The codes of field errors: a message of packages/domain's tables has its own (and values); any other text is
 * the thrower's own wording, `invalid_value`, which the web shows as written (or as a key of its screen).
 */
export function fieldCodes(errors: FieldErrors): FieldCodes {
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      messages.map((message) => codeOfMessage(message) ?? { code: 'invalid_value' }),
    ]),
  );
}

/** `errors` and their `field_codes`, for an answer's body. */
const withFieldErrors = (errors: FieldErrors | undefined) =>
  errors ? { errors, field_codes: fieldCodes(errors) } : {};

/**
 * A validator's issue in the words a person reads: the schema's own message when it gave one (a domain table's, or
 * its own text), else a plain one with a code (shared/field-messages.ts), never the validator's English.
 */
function issueMessage(item: { keyword: string; message?: string; params?: Record<string, unknown> }): string {
  const issue = { ...item.params, code: item.keyword, message: item.message } as ValidationIssue & {
    path: PropertyKey[];
  };
  const own = item.message ?? '';
  if (own && codeOfMessage(own)) return own;
  // zod's own English for this issue (its tail names the received type, which the validator passes on no more).
  const words = z.locales.en().localeError({ ...issue, path: [] } as never);
  const validators = typeof words === 'string' ? words : (words?.message ?? '');
  const withoutType = (text: string) => text.replace(/, received \w+$/, '');
  return own && withoutType(own) !== withoutType(validators) ? own : plainFieldMessage(issue);
}

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
    ...withFieldErrors(extra.errors),
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
        ...withFieldErrors(error.fieldErrors),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
        (errors[field] ??= []).push(issueMessage(issue));
      }
      // The first message as the detail, without its field's path (the field errors say where).
      const detail = Object.values(errors)[0]?.[0] ?? httpMessages.invalidInput;
      return reply.status(400).send({ detail, code: 'invalid_input', ...withFieldErrors(errors) });
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
