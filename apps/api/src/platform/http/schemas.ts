import { z } from 'zod';

/**
 * The one JSON error shape (docs/decisions/003), for routes' response schemas: `detail` always, field errors
 * for bad input, and a machine-readable `code` where a client needs one (a taken slot).
 */
export const errorResponseSchema = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  code: z.string().optional(),
});
