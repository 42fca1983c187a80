import { z } from 'zod';
import { reservationStatuses } from '../bookings/statuses.ts';

/** Reservation statuses (DESIGN §1.4), as the admin list filters them: every one. */
export const adminReservationStatuses = reservationStatuses;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.');

/** GET /api/admin/reservations/: filters and paging. */
export const adminReservationListQuerySchema = z
  .object({
    status: z.enum(adminReservationStatuses, { error: 'Unknown status.' }).optional(),
    tutor_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    /** Reservations with a session on or after this date (EAT). */
    from: isoDate.optional(),
    /** … and on or before this date (EAT). */
    to: isoDate.optional(),
    /** Family (guardian) name or e-mail, or the student's name. */
    q: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(20),
    _ts: z.string().optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: 'The end of the range must not be before its start.',
    path: ['to'],
  });
export type AdminReservationListQuery = z.input<typeof adminReservationListQuerySchema>;

export const adminReservationRowSchema = z.object({
  id: z.string(),
  status: z.string(),
  /** weekly, or a trial lesson (decision 273): the lists label it "Trial". */
  kind: z.enum(['weekly', 'trial']).optional(),
  tutor_id: z.number().int(),
  tutor_name: z.string(),
  subject: z.string(),
  family_name: z.string(),
  family_email: z.string(),
  student_name: z.string(),
  /** First date and time, wall clock in the tutor's zone. */
  date: z.string(),
  time: z.string(),
  duration_minutes: z.number().int(),
  /** Dollars (or the currency's main unit). */
  amount: z.number(),
  currency: z.string(),
  sessions_count: z.number().int(),
  /** The next session still to come (ISO instant), or null. */
  next_session_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminReservationRow = z.infer<typeof adminReservationRowSchema>;

export const adminReservationListSchema = z.object({
  count: z.number().int(),
  results: z.array(adminReservationRowSchema),
});
export type AdminReservationList = z.infer<typeof adminReservationListSchema>;

export const adminSessionSchema = z.object({
  id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Wall clock in the tutor's zone. */
  date: z.string(),
  time: z.string(),
  status: z.string(),
  cancel_outcome: z.string(),
  cancel_reason: z.string(),
  rescheduled_from: z.string().nullable(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminReservationDetailSchema = z.object({
  reservation: adminReservationRowSchema.extend({
    time_zone: z.string(),
    days: z.array(z.string()),
    days_times: z.record(z.string(), z.string()),
    cancel_reason: z.string(),
    credit_cents: z.number().int(),
    credit_applied_cents: z.number().int(),
  }),
  family: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    relationship: z.string(),
    account_user_id: z.string().nullable(),
    /** The family's credit balance (ledger sum), in cents of `currency`. */
    credit_balance_cents: z.number().int(),
  }),
  student: z.object({
    name: z.string(),
    grade: z.string(),
    age: z.number().int().nullable(),
    school: z.string(),
    email: z.string(),
  }),
  sessions: z.array(adminSessionSchema),
  payments: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      status: z.string(),
      amount: z.number(),
      refunded: z.number(),
      currency: z.string(),
      paid_at: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  history: z.array(
    z.object({
      id: z.string(),
      action: z.string(),
      session_id: z.string().nullable(),
      actor: z.string(),
      detail: z.record(z.string(), z.unknown()),
      created_at: z.string(),
    }),
  ),
});
export type AdminReservationDetail = z.infer<typeof adminReservationDetailSchema>;

/** Texts of the reservation screens. */
export const adminReservationMessages = {
  notFound: 'Reservation not found.',
  empty: 'No reservations match these filters.',
} as const;
