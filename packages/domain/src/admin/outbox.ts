import { z } from 'zod';

/**
 * The mail outbox as admins see it (issue 29 item 4, decision 219). A message is `pending` (queued, not yet
 * tried or on its way), `failing` (tried, failed, retried later), `given_up` (failed for three days and at
 * least eight tries: no longer tried until resent) or `sent`.
 */
export const outboxStates = ['pending', 'failing', 'given_up', 'sent'] as const;
export type OutboxState = (typeof outboxStates)[number];

export const outboxListMessages = {
  state: 'Choose pending, failing, given up or sent.',
  page: 'Page must be a whole number of at least 1.',
} as const;

/** GET /api/admin/outbox/?state=&page=&page_size= */
export const outboxListQuery = z.object({
  state: z.enum(outboxStates, { error: outboxListMessages.state }).optional(),
  page: z.coerce
    .number({ error: outboxListMessages.page })
    .int(outboxListMessages.page)
    .min(1, outboxListMessages.page)
    .max(100_000, outboxListMessages.page)
    .optional(),
  page_size: z.coerce.number().int().min(1).max(100).optional(),
});
export type OutboxListQuery = z.infer<typeof outboxListQuery>;

export const outboxMessage = z.object({
  id: z.string(),
  recipient: z.string(),
  subject: z.string(),
  state: z.enum(outboxStates),
  attempts: z.number().int(),
  /** A safe summary of the last failure (error and SMTP codes, addresses and tokens redacted); '' if none. */
  last_error: z.string(),
  queued_at: z.string(),
  /** When it is tried next; null once sent or given up. */
  next_try_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxList = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(outboxMessage),
});
export type OutboxList = z.infer<typeof outboxList>;

/** POST /api/admin/outbox/{id}/resend/ : the message, due again now with its attempts reset. */
export const outboxResendParams = z.object({ id: z.string().max(100) });
