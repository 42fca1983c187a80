import { z } from 'zod';
import type { RefundStatus } from '../bookings/statuses.ts';
import { paymentProviders, paymentStatuses } from '../payments/contracts.ts';
import { codedMessages } from '../shared/error-codes.ts';

/**
 * Refunds that have not reached the family yet (issue 13 §5): `pending` while the provider has not confirmed
 * (the lifecycle job retries every minute with the same idempotency key), `failed` when the provider refused.
 */
export const openRefundStatuses = ['pending', 'failed'] as const satisfies readonly RefundStatus[];
export type OpenRefundStatus = (typeof openRefundStatuses)[number];

export const openRefundMessages = {
  page: 'Page must be a whole number of at least 1.',
  notFound: 'Refund not found.',
  notPending: 'This refund is no longer pending.',
  providerMissing: (provider: string) =>
    `This refund was taken through ${provider}, which is not set up on this server. It stays pending until it is.`,
  providerDown:
    'The payment provider did not confirm the refund. It stays pending and will be tried again automatically.',
  sent: 'The refund was sent to the payment provider.',
  providerNotAnswering:
    'The payment provider is not answering right now. The refund is recorded and will be sent automatically.',
} as const;

/** Their codes (shared/error-codes.ts): `refund_not_found`, `refund_not_pending`, … */
export const openRefundMessageCodes = codedMessages(openRefundMessages, {
  prefix: 'refund_',
  params: { providerMissing: ['provider'] },
});
const m = openRefundMessages;

/** GET /api/admin/payments/refunds/ : both open statuses unless one is asked for; newest first, paged. */
export const openRefundListQuery = z.object({
  status: z.enum(openRefundStatuses, { error: 'Choose pending or failed.' }).optional(),
  page: z.coerce.number({ error: m.page }).int(m.page).min(1, m.page).max(100_000, m.page).optional(),
  page_size: z.coerce.number().int().min(1).max(100).optional(),
});
export type OpenRefundListQuery = z.infer<typeof openRefundListQuery>;

export const openRefund = z.object({
  id: z.string(),
  status: z.enum(openRefundStatuses),
  amount_cents: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  /** When the refund was asked for: how long it has been waiting. */
  created_at: z.string(),
  /** Who asked for it (an admin, or the family's own cancellation); '' when unknown. */
  created_by: z.string(),
  payment_id: z.string(),
  payment_status: z.enum(paymentStatuses),
  payment_amount_cents: z.number().int(),
  provider: z.enum(paymentProviders),
  reservation_id: z.string(),
  full_name: z.string(),
  email: z.string(),
  /** False when the payment's provider is not the one this server runs: a retry cannot send it. */
  provider_configured: z.boolean(),
});
export type OpenRefund = z.infer<typeof openRefund>;

/** Totals of every open refund matching the filter (not only the page), per currency. */
export const openRefundTotal = z.object({
  currency: z.string(),
  refunds: z.number().int(),
  amount_cents: z.number().int(),
});

export const openRefundList = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(openRefund),
  totals: z.array(openRefundTotal),
});
export type OpenRefundList = z.infer<typeof openRefundList>;

/** POST /api/admin/payments/refunds/{id}/retry/ : sent now (200), or still pending (409 / 503 with why). */
export const refundRetryResponse = z.object({
  id: z.string(),
  status: z.literal('succeeded'),
  detail: z.string(),
});
export type RefundRetryResponse = z.infer<typeof refundRetryResponse>;
