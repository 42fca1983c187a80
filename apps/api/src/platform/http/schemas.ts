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
  request_id: z.string().optional(),
});
