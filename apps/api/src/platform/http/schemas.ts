import { z } from 'zod';

/**
 * The one JSON error shape (docs/decisions/003, issue 26), for routes' response schemas: `detail` always (the
 * spec's client reads it), a stable snake_case `code` always (the web translates by it), `params` when the message
 * carries values (`{ hours: 24 }`), field errors for bad input.
 */
export const errorResponseSchema = z.object({
  detail: z.string(),
  // Always sent (the error handler, or its preSerialization hook for an answer a route sends itself); optional
  // here so that a route may send `{ detail }` and leave the code to the hook.
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** Each field error's code (and values), in the order of `errors`: the web shows it in its language. */
  field_codes: z
    .record(
      z.string(),
      z.array(
        z.object({
          code: z.string(),
          params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        }),
      ),
    )
    .optional(),
  request_id: z.string().optional(),
});

/** The error statuses most routes can answer (decision 264). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/**
 * The error answers a route declares, to spread into its `response` (decision 264): `...errorResponses(400, 401,
 * 403)`; without arguments the common ones (400, 401, 403, 404, 409, 429). Every answer the API test-suite sees
 * must be declared (`openapi-answers.ts`).
 */
export function errorResponses(
  ...statuses: ErrorStatus[]
): Partial<Record<ErrorStatus, typeof errorResponseSchema>> {
  const list: ErrorStatus[] = statuses.length > 0 ? statuses : [400, 401, 403, 404, 409, 429];
  return Object.fromEntries(list.map((s) => [s, errorResponseSchema]));
}

/**
 * An answer that is not JSON, declared with its real content type for the OpenAPI document (decision 264):
 * `200: textAnswer('text/csv', 'The CSV file')`. Fastify sends a string body of such a type unserialised.
 */
export function textAnswer(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: z.string() } } };
}

/** A file answer in one of `contentTypes` (decision 264): `200: fileAnswer(['application/pdf'], 'The file')`. */
export function fileAnswer(contentTypes: readonly string[], description: string) {
  return {
    description,
    content: Object.fromEntries(
      contentTypes.map((type) => [type, { schema: z.string().describe('binary') }]),
    ),
  };
}
