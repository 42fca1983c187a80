import { z } from 'zod';
import { weekdayCodes } from './messages.ts';
import { siteSettings, siteSettingsView } from '../site/contracts.ts';
import { plannedSessionSchema, skippedSessionSchema } from './payload.ts';
import { paymentCurrencies } from '../payments/currency.ts';
import { earningsPolicyBodySchema, earningsPolicyViewSchema } from '../ledger/earnings.ts';

/**
 * The booking lifecycle's rules (issue 11, decision 090): the policy settings, the notice window, what a
 * cancelled session is worth, and which sessions a 'series' change covers. Shared by the API's lifecycle
 * service and the screens that explain the rules.
 */

// ---------------------------------------------------------------------------------------------------------
// Policy settings (GET/PUT /api/admin/settings/ → `policy`)

import { bookingPolicyDefaults } from './policy-defaults.ts';

export { bookingPolicyDefaults };

export const bookingPolicySchema = z.object({
  hold_minutes: z.coerce
    .number()
    .int('Whole minutes, please.')
    .min(5, 'Hold at least 5 minutes.')
    .max(24 * 60, 'Hold at most 1,440 minutes (a day).'),
  lead_time_hours: z.coerce
    .number()
    .int('Whole hours, please.')
    .min(0, 'The lead time cannot be negative.')
    .max(24 * 14, 'At most 336 hours (two weeks).'),
  cancellation_notice_hours: z.coerce
    .number()
    .int('Whole hours, please.')
    .min(0, 'The notice cannot be negative.')
    .max(24 * 14, 'At most 336 hours (two weeks).'),
  weeks_per_payment: z.coerce
    .number()
    .int('Whole weeks, please.')
    .min(1, 'At least one week per payment.')
    .max(12, 'At most 12 weeks per payment.'),
});
export type BookingPolicy = z.infer<typeof bookingPolicySchema>;

export const bookingPolicyLabels: Record<keyof BookingPolicy, { label: string; help: string }> = {
  hold_minutes: {
    label: 'Hold (minutes)',
    help: 'How long an unpaid booking keeps its times while the family pays.',
  },
  lead_time_hours: {
    label: 'Lead time (hours)',
    help: 'The earliest a session can start after it is booked or moved.',
  },
  cancellation_notice_hours: {
    label: 'Cancellation notice (hours)',
    help: 'Families who cancel or move a session at least this long before it starts get its value back.',
  },
  weeks_per_payment: { label: 'Weeks per payment', help: 'How many weeks of sessions one payment covers.' },
};

/** GET /api/admin/settings/: the site settings, the booking policy and the earnings policy (issue 27) beside them. */
export const adminSettingsViewSchema = siteSettingsView.extend({
  policy: bookingPolicySchema,
  earnings: earningsPolicyViewSchema,
});
export type AdminSettingsView = z.infer<typeof adminSettingsViewSchema>;
/** PUT /api/admin/settings/: `policy` and `earnings` may be left out (they are then unchanged). */
export const adminSettingsBodySchema = siteSettings.extend({
  policy: bookingPolicySchema.optional(),
  earnings: earningsPolicyBodySchema.optional(),
});
export type AdminSettingsBody = z.input<typeof adminSettingsBodySchema>;

/** A stored value read leniently: anything out of range falls back to the default, field by field. */
export function readBookingPolicy(stored: unknown): BookingPolicy {
  const raw = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const out = { ...bookingPolicyDefaults } as BookingPolicy;
  for (const key of Object.keys(bookingPolicyDefaults) as (keyof BookingPolicy)[]) {
    const parsed = bookingPolicySchema.shape[key].safeParse(raw[key]);
    if (raw[key] !== undefined && raw[key] !== null && parsed.success) out[key] = parsed.data;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// The notice window

const HOUR_MS = 60 * 60_000;

/** True when `startsAt` is at least `noticeHours` after `now` (exactly at the limit counts as in time). */
export function isOutsideNoticeWindow(startsAt: Date, now: Date, noticeHours: number): boolean {
  return startsAt.getTime() - now.getTime() >= noticeHours * HOUR_MS;
}

/** Who changes a session: its family, an admin, or (issue 31, decision 260) its tutor. */
export type CancelActor = 'family' | 'admin' | 'tutor';
export type CancelOutcomeChoice = 'credit' | 'refund';
/** What the family gets back for one cancelled session: its value as credit, as a refund, or nothing. */
export type CancelOutcome = CancelOutcomeChoice | 'none';

/**
 * The outcome of cancelling one session: in time, the family's choice; inside the notice window the
 * session's value is kept, unless an admin overrides with credit or refund.
 */
export function cancelOutcome(opts: {
  startsAt: Date;
  now: Date;
  noticeHours: number;
  actor: CancelActor;
  choice: CancelOutcomeChoice;
}): CancelOutcome {
  if (opts.actor === 'admin') return opts.choice;
  // A tutor's cancellation is never the family's fault (decision 260): its value always goes back.
  if (opts.actor === 'tutor') return opts.choice;
  return isOutsideNoticeWindow(opts.startsAt, opts.now, opts.noticeHours) ? opts.choice : 'none';
}

/**
 * Families may move a session only outside the notice window; admins at any time; a tutor inside the window only
 * with the family's consent (a move request, decision 260), so here like a family.
 */
export function mayReschedule(opts: {
  startsAt: Date;
  now: Date;
  noticeHours: number;
  actor: CancelActor;
}): boolean {
  return opts.actor === 'admin' || isOutsideNoticeWindow(opts.startsAt, opts.now, opts.noticeHours);
}

// ---------------------------------------------------------------------------------------------------------
// Money

/**
 * The value of each paid session of a reservation, in cents: the amount split evenly, the remainder spread
 * one cent at a time over the first sessions, so the values always add up to the amount.
 */
export function sessionValuesCents(amountCents: number, paidSessions: number): number[] {
  if (paidSessions <= 0 || amountCents <= 0)
    return Array.from({ length: Math.max(0, paidSessions) }, () => 0);
  const base = Math.floor(amountCents / paidSessions);
  const rest = amountCents - base * paidSessions;
  return Array.from({ length: paidSessions }, (_, i) => base + (i < rest ? 1 : 0));
}

/**
 * Each session's value by id, from sessions in start order: the amount split over the paid ones (`isPaid`); a make-up
 * of an interrupted lesson (decision 271) is not an extra paid session and is worth the lesson it makes up.
 */
export function sessionValuesById(
  amountCents: number,
  sessions: readonly { id: string; status: string; makeupOfSessionId: string | null }[],
  isPaid: (status: string) => boolean,
): Map<string, number> {
  const paid = sessions.filter((s) => isPaid(s.status) && !s.makeupOfSessionId);
  const values = sessionValuesCents(amountCents, paid.length);
  const out = new Map(paid.map((s, i) => [s.id, values[i]!]));
  for (const s of sessions) if (s.makeupOfSessionId) out.set(s.id, out.get(s.makeupOfSessionId) ?? 0);
  return out;
}

/** Credit spent at a checkout: as much of the balance as the amount needs, never below zero. */
export function creditToApply(balanceCents: number, amountCents: number): number {
  return Math.max(0, Math.min(balanceCents, amountCents));
}

/**
 * A refund in money cannot exceed what the provider took and has not yet returned; the rest of the value is
 * returned as credit (the part that was itself paid with credit, for instance).
 */
export function splitRefund(valueCents: number, refundableCents: number): { refund: number; credit: number } {
  const refund = Math.max(0, Math.min(valueCents, refundableCents));
  return { refund, credit: valueCents - refund };
}

// ---------------------------------------------------------------------------------------------------------
// Scope

export type Scope = 'one' | 'series';

/** The sessions a change covers: the chosen one, or it and every later one (by start), of the movable ones. */
export function sessionsInScope<T extends { id: string; startsAt: Date }>(
  sessions: readonly T[],
  chosen: T,
  scope: Scope,
): T[] {
  if (scope === 'one') return [chosen];
  return sessions
    .filter((s) => s.id === chosen.id || s.startsAt.getTime() > chosen.startsAt.getTime())
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** The new date of each session of a series move: the first on `date`, each later one a week after the last. */
export function seriesDates(date: string, count: number): string[] {
  const out: string[] = [];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  for (let i = 0; i < count; i += 1) {
    out.push(new Date(Date.UTC(y, m - 1, d + 7 * i)).toISOString().slice(0, 10));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// HTTP contracts

const date = z
  .string({ error: 'Choose a date.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD.');
const time = z
  .string({ error: 'Choose a time.' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the time format HH:MM.');

export const cancelSessionBodySchema = z.object({
  scope: z.enum(['one', 'series']).default('one'),
  outcome: z.enum(['credit', 'refund']).default('credit'),
  reason: z.string().trim().max(500).optional(),
});
export type CancelSessionBody = z.input<typeof cancelSessionBodySchema>;

export const rescheduleSessionBodySchema = z.object({
  date,
  time,
  scope: z.enum(['one', 'series']).default('one'),
  /** 'series' only: the plan's other weekdays, each to a weekday and time (decision 250); left out: kept. */
  others: z
    .array(z.object({ from: z.enum(weekdayCodes), to: z.enum(weekdayCodes), time }))
    .max(7)
    .default([]),
  /** Why the lesson moves: both sides' e-mails and the histories show it (issue 31 item 2). */
  reason: z.string().trim().max(500).optional(),
});
/** The series move's preview (decision 250): each session that would move, from → to (instants). */
export const reschedulePreviewSchema = z.object({
  moves: z.array(z.object({ session_id: z.string(), from: z.string(), to: z.string() })),
  /** The series' other weekdays (tutor's zone) with their present time: each one the family may move too. */
  others: z.array(z.object({ weekday: z.enum(weekdayCodes), time: z.string() })),
});
export type ReschedulePreview = z.infer<typeof reschedulePreviewSchema>;
export type RescheduleSessionBody = z.input<typeof rescheduleSessionBodySchema>;

/** A progress note's length limit: the server's and the form's counter (issue 31 item 1). */
export const PROGRESS_NOTE_MAX = 4000;

export const attendanceBodySchema = z.object({
  status: z.enum(['attended', 'no_show']),
  note: z.string().trim().max(PROGRESS_NOTE_MAX).optional(),
});
export type AttendanceBody = z.input<typeof attendanceBodySchema>;

export const sessionIdParamsSchema = z.object({ id: z.string().uuid('Unknown session.') });

/** A session as the lifecycle reports it: its id, wall-clock date and time in the tutor's zone, start, status. */
export const lifecycleSessionSchema = plannedSessionSchema.extend({
  start: z.string().describe('ISO instant of the start'),
  cancel_outcome: z.string(),
  rescheduled_from: z.string().nullable(),
});

/** POST /api/reservations/preview/: the plan before payment, nothing written. */
export const reservationPreviewSchema = z.object({
  sessions: z.array(
    z.object({
      date: z.string(),
      time: z.string(),
      start: z.string(),
      status: z.enum(['planned', 'skipped']),
      reason: z.string().optional(),
    }),
  ),
  amount: z.number().describe('In the currency asked for: dollars, or birr'),
  amount_cents: z.number().int(),
  currency: z.enum(paymentCurrencies),
  /** Every currency the family may pay this plan in, with its rate and amount (decision 170). */
  currency_options: z
    .array(
      z.object({
        currency: z.enum(paymentCurrencies),
        hourly_rate_cents: z.number().int(),
        amount_cents: z.number().int(),
      }),
    )
    .default([]),
  tutor: z.object({ id: z.number().int(), full_name: z.string() }),
  subject: z.string(),
  duration_hours: z.number(),
  time_zone: z.string(),
  /**
   * For the signed-in family whose account owns the booking's e-mail only (decision 252): the credit the checkout
   * will spend on this amount (`creditToApply`) and what is left to pay. Absent for everyone else.
   */
  credit: z.object({ applied_cents: z.number().int(), to_pay_cents: z.number().int() }).optional(),
});
export type ReservationPreview = z.infer<typeof reservationPreviewSchema>;

export { plannedSessionSchema, skippedSessionSchema };
