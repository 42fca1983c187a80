import { bookingMessages } from '@tibeb/domain/bookings/messages';
import type { ReservationRequest } from '@tibeb/domain/bookings/payload';
import type { ReservationPreview } from '@tibeb/domain/bookings/lifecycle';
import { currencyOptions } from '@tibeb/domain/payments/currency';
import { fromCents } from '@tibeb/domain/shared/money';
import type { Db } from '../../../platform/db/client.ts';
import { conflict } from '../../../platform/http/app-error.ts';
import { assignTutor, chosenTutor, rateFor } from './assignment.service.ts';
import { decide, overlaps, planBooking, policyFor, type BookingOptions } from './planning.service.ts';
import { previewCredit } from './payment-page.service.ts';
import * as repo from './reservations.repository.ts';

/**
 * The plan before payment (issue 11 §3): the same assignment, planning and price rules as a booking, read
 * without locks and without writing anything. A booking made right after answers the same sessions and
 * amount unless someone else books in between.
 */
export async function previewReservation(
  db: Db,
  input: ReservationRequest,
  opts: BookingOptions & { signedInUserId?: string | null } = {},
): Promise<ReservationPreview> {
  const now = opts.now ?? new Date();
  const policy = await policyFor(db, opts);
  const assignment =
    input.tutor !== null
      ? await chosenTutor(db, input, input.tutor)
      : await assignTutor(db, input, now, new Set(), policy.weeks);
  const { tutor } = assignment;
  const { plan, first, off } = await planBooking(db, input, tutor, policy, now);
  const ranges = await repo.findActiveRanges(db, tutor.id, first.startsAt, plan.at(-1)!.endsAt, now);
  if (overlaps(first, ranges)) throw conflict(bookingMessages.slotTaken, 'slot_taken');
  const { decided, held, amountCents } = decide(plan, ranges, now, policy.leadMinutes, off, {
    hourlyRateCents: rateFor(input, assignment, opts),
    durationHours: input.duration_hours,
  });
  const currency = input.currency ?? 'USD';
  const credit = await previewCredit(db, { email: input.email, currency, amountCents }, opts.signedInUserId);
  return {
    sessions: decided.map(({ s, reason }) => ({
      date: s.date,
      time: s.time,
      start: s.startsAt.toISOString(),
      status: reason === null ? ('planned' as const) : ('skipped' as const),
      ...(reason === null ? {} : { reason }),
    })),
    amount: fromCents(amountCents),
    amount_cents: amountCents,
    currency,
    currency_options: currencyOptions({
      enabled: opts.currencies ?? ['USD'],
      usdRateCents: assignment.rateCents,
      etbRateCents: assignment.etbRateCents,
      durationHours: input.duration_hours,
      sessions: held,
    }),
    tutor: { id: tutor.id, full_name: tutor.fullName },
    subject: assignment.subjectName,
    duration_hours: input.duration_hours,
    time_zone: tutor.timeZone,
    ...(credit ? { credit } : {}),
  };
}
