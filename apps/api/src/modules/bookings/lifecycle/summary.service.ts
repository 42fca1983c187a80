import { reservationApiMessages as apiMessages } from '@tibeb/domain/bookings/api-messages';
import type { SessionStatus } from '@tibeb/domain/bookings/statuses';
import type { ReservationSummary } from '@tibeb/domain/bookings/payload';
import { instantToWallClock } from '@tibeb/domain/bookings/time';
import { fromCents } from '@tibeb/domain/shared/money';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { notFound } from '../../../platform/http/app-error.ts';
import { findReservationWithSessions } from '../reservations/reservations.repository.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type SummarySessionRow = {
  id: string;
  startsAt: Date;
  endsAt: Date;
  status: SessionStatus;
  skipReason: string;
  holdExpiresAt?: Date | null;
};

/**
 * A reservation's sessions as its answers list them (the summary, and the booking's 201): each with its id,
 * wall-clock date and time in the tutor's zone, start and status (a lapsed hold reads as expired before the job
 * runs); the skipped ones beside, with why.
 */
export function summarySessions(rows: readonly SummarySessionRow[], timeZone: string, now: number) {
  const wall = (d: Date) => instantToWallClock(d, timeZone);
  return {
    sessions: rows
      .filter((s) => s.status !== 'skipped')
      .map((s) => ({
        id: s.id,
        starts_at: s.startsAt.toISOString(),
        ends_at: s.endsAt.toISOString(),
        start: s.startsAt.toISOString(),
        date: wall(s.startsAt).date,
        time: wall(s.startsAt).time,
        status:
          s.status === 'held' && s.holdExpiresAt && s.holdExpiresAt.getTime() <= now ? 'expired' : s.status,
      })),
    skipped: rows
      .filter((s) => s.status === 'skipped')
      .map((s) => ({ date: wall(s.startsAt).date, time: wall(s.startsAt).time, reason: s.skipReason })),
  };
}

/**
 * The one reservation summary (issue 11 §3): the payment page, the payment status, and every lifecycle answer.
 * Its sessions (`summarySessions`), the amount and what is charged.
 */
export async function reservationSummary(
  db: DbOrTx,
  id: string,
  opts: { now?: Date } = {},
): Promise<ReservationSummary> {
  if (!uuidPattern.test(id)) throw notFound(apiMessages.reservationNotFound);
  const found = await findReservationWithSessions(db, id);
  if (!found) throw notFound(apiMessages.reservationNotFound);
  const now = (opts.now ?? new Date()).getTime();
  const r = found.reservation;
  const lapsed = r.status === 'pending_payment' && r.holdExpiresAt.getTime() <= now;
  const charged = Math.max(0, r.amountCents - r.creditAppliedCents);
  return {
    id: r.id,
    status: lapsed ? 'expired' : r.status,
    full_name: r.fullName,
    email: r.email,
    amount: fromCents(r.amountCents),
    amount_cents: r.amountCents,
    amount_charged: fromCents(charged),
    amount_charged_cents: charged,
    credit_applied_cents: r.creditAppliedCents,
    currency: r.currency === 'ETB' ? 'ETB' : 'USD',
    tutor: { id: r.tutorId, full_name: found.tutorName },
    subject: r.subject,
    duration_hours: r.durationMinutes / 60,
    time_zone: r.timeZone,
    hold_expires_at: r.holdExpiresAt.toISOString(),
    credit_cents: r.creditCents,
    ...summarySessions(found.sessions, r.timeZone, now),
  };
}
