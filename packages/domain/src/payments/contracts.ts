import { z } from 'zod';
import { reservationSummarySchema, type ReservationSummary } from '../bookings/payload.ts';
import {
  paymentStatuses,
  refundStatuses,
  type PaymentStatus,
  type RefundStatus,
} from '../bookings/statuses.ts';
import { paymentMessages } from './messages.ts';

/** Stripe and the demo checkout charge cards; 'credit' records a booking fully covered by family credit; chapa: birr. */
export const paymentProviders = ['stripe', 'demo', 'chapa', 'credit'] as const;

const required = (field: string) => `${field} is required.`;

/** POST /api/payments/create-checkout-session/ (spec §7): the amount is only compared with the server's. */
export const createCheckoutSessionBodySchema = z.object({
  full_name: z
    .string({ error: required('Full name') })
    .trim()
    .min(1, required('Full name'))
    .max(200),
  email: z.email({ error: 'Enter a valid e-mail address.' }).max(254),
  amount: z
    .number({ error: required('Amount') })
    .finite()
    .positive('The amount must be more than zero.')
    .max(1_000_000),
  reservation_id: z.uuid({ error: 'Enter a valid reservation id.' }),
});
export type CreateCheckoutSessionBody = z.infer<typeof createCheckoutSessionBodySchema>;

export const createCheckoutSessionResponseSchema = z.object({
  checkout_url: z.string(),
  session_id: z.string(),
  provider: z.enum(paymentProviders),
});
export type CreateCheckoutSessionResponse = z.infer<typeof createCheckoutSessionResponseSchema>;

// The lists are defined with the other statuses (bookings/statuses.ts); exported here for the payment contracts.
export { paymentStatuses, refundStatuses, type PaymentStatus, type RefundStatus };

/** The reservation as the payment pages read it: the booking API's summary (one contract, spec §3). */
export const paymentReservationSchema = reservationSummarySchema;
export type PaymentReservation = ReservationSummary;
export type ReservationSession = PaymentReservation['sessions'][number];
export type SkippedSession = PaymentReservation['skipped'][number];

/** GET /api/payments/status/?session_id= : what the success page shows, from the server, not the URL. */
export const paymentStatusQuerySchema = z.object({ session_id: z.string().trim().min(1).max(255) });
export const paymentStatusResponseSchema = z.object({
  status: z.enum(paymentStatuses),
  session_id: z.string(),
  provider: z.enum(paymentProviders),
  paid_at: z.string().nullable(),
  reservation: paymentReservationSchema,
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

/** POST /api/admin/payments/{id}/refund/ */
export const refundBodySchema = z.object({
  amount: z.number().finite().positive('The refund must be more than zero.').max(1_000_000).optional(),
  reason: z.string().trim().max(500).optional(),
  session_ids: z.array(z.uuid()).max(200).optional(),
});
export type RefundBody = z.infer<typeof refundBodySchema>;

export const refundResponseSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number(),
  amount_cents: z.number(),
  provider_refund_id: z.string(),
  payment_status: z.enum(paymentStatuses),
  refunded_cents: z.number(),
  cancelled_session_ids: z.array(z.string()),
});
export type RefundResponse = z.infer<typeof refundResponseSchema>;

/** The payment navigation state the booking wizard passes (spec §3): amount in its currency (USD or ETB). */
export type PaymentNavigationState = {
  full_name?: string;
  email?: string;
  amount?: number;
  reservation_id?: string;
  /** Absent means USD (spec §3); 'ETB' when the family chose birr (decision 170). */
  currency?: string;
};

/** Spec §5: every one of name, e-mail, amount and reservation id must be present before paying. */
export function missingPaymentDetails(details: PaymentNavigationState): boolean {
  return (
    !details.full_name?.trim() ||
    !details.email?.trim() ||
    details.amount === undefined ||
    details.amount === null ||
    !Number.isFinite(details.amount) ||
    details.amount <= 0 ||
    !details.reservation_id?.trim()
  );
}

export { paymentMessages };
