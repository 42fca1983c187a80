import { bookingMessages } from '@tibeb/domain/bookings/messages';
import type { ReservationCreated, ReservationRequest } from '@tibeb/domain/bookings/payload';
import { lifecycleMessages } from '@tibeb/domain/bookings/lifecycle-messages';
import type { PaymentCurrency } from '@tibeb/domain/payments/currency';
import { fromCents } from '@tibeb/domain/shared/money';
import type { Db, Tx } from '../../../platform/db/client.ts';
import { AppError, conflict } from '../../../platform/http/app-error.ts';
import { databaseError, sqlState, SqlState } from '../../../platform/db/errors.ts';
import { trialMessages } from '@tibeb/domain/bookings/trial';
import { invalidateTutorBookings } from '../availability/booked.cache.ts';
import { insertEvents } from '../lifecycle/booking-events.repository.ts';
import { expireLapsedHolds } from '../lifecycle/hold-expiry.service.ts';
import { summarySessions } from '../lifecycle/summary.service.ts';
import { assignTutor, chosenTutor, rateFor, type Assignment } from './assignment.service.ts';
import { addressKey } from '../../../platform/http/address-key.ts';
import { familyAccountForHold } from '../../accounts/index.ts';
import { noHoldLimits, tutorHoldAllowanceMinutes, type HoldLimits } from './hold-limits.service.ts';
import { decide, overlaps, planBooking, policyFor, type BookingOptions } from './planning.service.ts';
import * as repo from './reservations.repository.ts';

/**
 * Creating a reservation (DESIGN §1.4–1.5): it plans 4 weeks of sessions and holds them, never overlapping
 * another active session of the tutor (the per-tutor lock decides; the database's exclusion constraint is the
 * backstop).
 */

class FirstSessionTaken extends Error {}
/** The tutor's time is held by unpaid reservations as much as they may keep (issue 29 item 5). */
class TutorTimeHeld extends Error {}

export async function createReservation(
  db: Db,
  input: ReservationRequest,
  opts: BookingOptions = {},
): Promise<ReservationCreated> {
  const now = opts.now ?? new Date();
  const policy = {
    ...(await policyFor(db, opts)),
    // Counted by its key: an IPv6 client by its /64 (one subscriber), an IPv4 one by its address.
    clientAddress: addressKey(opts.clientAddress ?? ''),
    holdLimits: opts.holdLimits ?? noHoldLimits,
    currencies: opts.currencies ?? ['USD'],
    renewsId: opts.renews ?? null,
    boughtRate: opts.boughtRate,
    trial: opts.trial,
    // A trial is one lesson, never a plan of weeks (decision 273).
    ...(opts.trial ? { weeks: 1 } : {}),
  };

  if (input.tutor !== null) {
    const assignment = await chosenTutor(db, input, input.tutor);
    try {
      return await book(db, input, assignment, now, policy);
    } catch (err) {
      throw refusal(err, policy.holdLimits);
    }
  }

  // By subject: a tutor taken by a concurrent booking between assignment and lock, or whose time is held as
  // much as unpaid holds may, is passed over.
  const passedOver = new Set<number>();
  for (;;) {
    const assignment = await assignTutor(db, input, now, passedOver, policy.weeks);
    try {
      return await book(db, input, assignment, now, policy);
    } catch (err) {
      const passOver = err instanceof FirstSessionTaken || err instanceof TutorTimeHeld;
      if (!passOver || passedOver.size >= 5) throw refusal(err, policy.holdLimits);
      passedOver.add(assignment.tutor.id);
    }
  }
}

/** The answer to a booking refused under the tutor's lock. */
function refusal(err: unknown, limits: HoldLimits): unknown {
  if (err instanceof FirstSessionTaken) return conflict(bookingMessages.slotTaken, 'slot_taken');
  if (err instanceof TutorTimeHeld)
    return new AppError(409, lifecycleMessages.holdLimitTutorShare(Math.round(limits.tutorShare * 100)));
  // The one live trial per family and tutor (reservations_one_trial_key), taken by a booking at the same moment.
  const dbError = databaseError(err);
  if (
    dbError?.code === SqlState.uniqueViolation &&
    `${dbError.constraint ?? ''} ${dbError.message}`.includes('one_trial')
  )
    return conflict(trialMessages.alreadyBooked, 'trial_already_booked');
  return err;
}

type BookingPolicyNow = {
  leadMinutes: number;
  holdMinutes: number;
  weeks: number;
  clientAddress: string;
  holdLimits: HoldLimits;
  currencies: readonly PaymentCurrency[];
  renewsId: string | null;
  boughtRate?: BookingOptions['boughtRate'];
  trial?: BookingOptions['trial'];
};

/**
 * Holding time costs something (issue 12 §4): one e-mail, one address hold a bounded number of unpaid
 * reservations. Counted under advisory locks taken after the tutor's (lock order: tutor → e-mail → address),
 * so two bookings of one family at once cannot both pass the bound.
 */
async function refuseOverHoldLimits(tx: Tx, input: ReservationRequest, policy: BookingPolicyNow, now: Date) {
  const { perEmail, perAddress } = policy.holdLimits;
  if (Number.isFinite(perEmail)) {
    await repo.lockHolder(tx, 7303, input.email.toLowerCase());
    if ((await repo.countLiveHolds(tx, { email: input.email }, now)) >= perEmail)
      throw new AppError(429, lifecycleMessages.holdLimitEmail(perEmail));
  }
  if (Number.isFinite(perAddress) && policy.clientAddress) {
    await repo.lockHolder(tx, 7304, policy.clientAddress);
    if ((await repo.countLiveHolds(tx, { address: policy.clientAddress }, now)) >= perAddress)
      throw new AppError(429, lifecycleMessages.holdLimitAddress(perAddress));
  }
}

/**
 * One tutor's time is not for the taking (issue 29 item 5, decision 221): one e-mail or one address holds at
 * most `perTutor` unpaid reservations with a tutor, and all unpaid holds together keep at most `tutorShare` of
 * its bookable time (never less than one 1-hour lesson a week). Read in one query under the tutor's lock, so two
 * bookings of one tutor at once cannot both pass.
 */
async function refuseOverTutorHolds(
  tx: Tx,
  input: ReservationRequest,
  assignment: Assignment,
  policy: BookingPolicyNow,
  now: Date,
  heldMinutes: number,
) {
  const { perTutor, tutorShare } = policy.holdLimits;
  if (!Number.isFinite(perTutor) && !Number.isFinite(tutorShare)) return;
  const holds = await repo.tutorHolds(
    tx,
    assignment.tutor.id,
    { email: input.email, address: policy.clientAddress },
    now,
  );
  if (holds.fromHolder >= perTutor) throw new AppError(429, lifecycleMessages.holdLimitTutor(perTutor));
  const allowance = tutorHoldAllowanceMinutes(assignment.weeklyMinutes, policy.weeks, tutorShare);
  if (holds.heldMinutes + heldMinutes > allowance) throw new TutorTimeHeld();
}

/**
 * The same booking already held for this family and unpaid (decision 248): a second identical request (a double
 * tap, a retry after a lost answer) gets it back rather than a "slot taken" or a second hold. Under the tutor's
 * lock and then the e-mail's (the hold limits' order), so that two identical requests at once find each other,
 * even by subject when the second was given another tutor. The client's address must match too: the answer
 * names the reservation, which nobody else's request may learn.
 */
async function samePending(
  tx: Tx,
  input: ReservationRequest,
  assignment: Assignment,
  policy: BookingPolicyNow,
  now: Date,
) {
  await repo.lockHolder(tx, 7303, input.email.toLowerCase());
  const same = await repo.findSamePending(
    tx,
    {
      tutorId: input.tutor === null ? null : assignment.tutor.id,
      subjectId: assignment.subjectId,
      email: input.email,
      date: input.date,
      time: input.time,
      durationMinutes: input.duration_minutes,
      days: input.days,
      daysTimes: input.days_times,
      studentFullName: input.student_full_name,
      currency: input.currency ?? 'USD',
      clientAddress: policy.clientAddress,
      renewsReservationId: policy.renewsId,
    },
    now,
  );
  if (!same) return null;
  return { ...same, rows: await repo.reservationSessions(tx, same.id) };
}

/** Plans, checks and holds the sessions of one tutor in one transaction under that tutor's lock. */
async function book(
  db: Db,
  input: ReservationRequest,
  assignment: Assignment,
  now: Date,
  policy: BookingPolicyNow,
): Promise<ReservationCreated> {
  const { tutor } = assignment;
  const { leadMinutes } = policy;
  // Priced in the family's currency, before anything is locked (a refused currency writes nothing).
  // A trial is priced by its offer (the trial service checks its currency), not by the hourly rate.
  const rateCents = policy.trial ? 0 : rateFor(input, assignment, policy);
  const currency = input.currency ?? 'USD';
  const { plan, first, off } = await planBooking(db, input, tutor, policy, now);
  const holdExpiresAt = new Date(now.getTime() + policy.holdMinutes * 60_000);

  const attempt = () =>
    db.transaction(async (tx) => {
      await repo.lockTutor(tx, tutor.id);
      await expireLapsedHolds(
        { db: tx, onSessionsChanged: (ids) => ids.forEach(invalidateTutorBookings) },
        now,
        { tutorId: tutor.id },
      );
      const same = await samePending(tx, input, assignment, policy, now);
      if (same) return same;
      const ranges = await repo.findActiveRanges(tx, tutor.id, first.startsAt, plan.at(-1)!.endsAt, now);
      if (overlaps(first, ranges)) throw new FirstSessionTaken();
      await refuseOverHoldLimits(tx, input, policy, now);
      const {
        decided,
        held,
        amountCents: planCents,
      } = decide(plan, ranges, now, leadMinutes, off, {
        hourlyRateCents: rateCents,
        durationHours: input.duration_hours,
      });
      const amountCents = policy.trial ? policy.trial.priceCents : planCents;
      await refuseOverTutorHolds(tx, input, assignment, policy, now, held * input.duration_minutes);
      // Linked to its family at once (decision 262): found, or made without a password; after the limits, so
      // they bound the accounts made too.
      const familyUserId = await familyAccountForHold(tx, {
        email: input.email,
        fullName: input.full_name,
        phone: input.phone,
        locale: input.locale,
        timeZone: input.family_time_zone,
      });
      const { id } = await repo.insertReservation(tx, {
        tutorId: tutor.id,
        subjectId: assignment.subjectId,
        familyUserId,
        status: 'pending_payment',
        kind: policy.trial ? 'trial' : 'weekly',
        date: input.date,
        time: input.time,
        durationMinutes: input.duration_minutes,
        days: input.days,
        daysTimes: input.days_times,
        timeZone: tutor.timeZone,
        fullName: input.full_name,
        email: input.email,
        phone: input.phone,
        subject: assignment.subjectName,
        subjectLevel: input.subject_level,
        studentFullName: input.student_full_name,
        studentGrade: input.student_grade,
        studentDob: input.student_dob,
        studentAge: input.student_age,
        studentSchool: input.student_school,
        studentEmail: input.student_email,
        studentPhone: input.student_phone,
        guardianFullName: input.guardian_full_name,
        guardianRelationship: input.guardian_relationship,
        guardianEmail: input.guardian_email,
        guardianPhone: input.guardian_phone,
        guardianSecondaryName: input.guardian_secondary_name,
        guardianSecondaryEmail: input.guardian_secondary_email,
        guardianSecondaryPhone: input.guardian_secondary_phone,
        guardianAddressLine1: input.guardian_address_line1,
        guardianAddressLine2: input.guardian_address_line2,
        guardianCity: input.guardian_city,
        guardianState: input.guardian_state,
        guardianPostalCode: input.guardian_postal_code,
        guardianCountry: input.guardian_country,
        communicationPreference: input.communication_preference,
        billingName: input.billing_name,
        billingEmail: input.billing_email,
        locale: input.locale,
        familyTimeZone: input.family_time_zone,
        amountCents,
        currency,
        hourlyRateCents: policy.trial ? null : rateCents,
        holdExpiresAt,
        clientAddress: policy.clientAddress,
        renewsReservationId: policy.renewsId,
      });
      const rows = await repo.insertSessions(
        tx,
        decided.map(({ s, reason }) => ({
          reservationId: id,
          tutorId: tutor.id,
          startsAt: s.startsAt,
          endsAt: s.endsAt,
          status: reason === null ? ('held' as const) : ('skipped' as const),
          holdExpiresAt: reason === null ? holdExpiresAt : null,
          skipReason: reason ?? '',
        })),
      );
      await insertEvents(tx, [
        {
          reservationId: id,
          action: 'reservation_created',
          detail: {
            amount_cents: amountCents,
            held: rows.filter((r) => r.status === 'held').length,
            skipped: rows.filter((r) => r.status === 'skipped').length,
            hold_expires_at: holdExpiresAt.toISOString(),
          },
        },
      ]);
      return { id, amountCents, rows, holdExpiresAt };
    });

  let result: Awaited<ReturnType<typeof attempt>>;
  try {
    result = await withRetry(attempt);
  } catch (err) {
    if (err instanceof FirstSessionTaken) throw err;
    // The exclusion constraint refused an overlap the lock did not see (another writer): the slot is taken.
    if (sqlState(err) === SqlState.exclusionViolation) throw new FirstSessionTaken();
    throw err;
  } finally {
    invalidateTutorBookings(tutor.id);
  }

  return {
    id: result.id,
    status: 'pending_payment',
    amount: fromCents(result.amountCents),
    amount_cents: result.amountCents,
    currency,
    tutor: { id: tutor.id, full_name: tutor.fullName },
    subject: assignment.subjectName,
    duration_hours: input.duration_hours,
    time_zone: tutor.timeZone,
    hold_expires_at: result.holdExpiresAt.toISOString(),
    ...summarySessions(result.rows, tutor.timeZone, now.getTime()),
  };
}

/** A deadlock or serialization failure (PostgreSQL's own choice of victim) is retried, briefly. */
async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const state = sqlState(err);
      if (attempt >= 3 || (state !== SqlState.deadlockDetected && state !== SqlState.serializationFailure))
        throw err;
      await new Promise((r) => setTimeout(r, 10 * attempt));
    }
  }
}
