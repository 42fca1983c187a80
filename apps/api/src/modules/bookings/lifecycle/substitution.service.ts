import { randomBytes } from 'node:crypto';
import { weekdayOf } from '@tibeb/domain/bookings/slots';
import { instantToWallClock } from '@tibeb/domain/bookings/time';
import {
  substitutePriceCents,
  substitutionBodySchema,
  substitutionExpiry,
  substitutionMessages as msg,
  windowsHoldLessons,
  type SubstituteCandidates,
  type SubstitutionAnswer,
  type SubstitutionBody,
  type SubstitutionOffer,
} from '@tibeb/domain/bookings/substitution';
import { reservationApiMessages } from '@tibeb/domain/bookings/api-messages';
import { hourlyRateIn } from '@tibeb/domain/payments/currency';
import { tutorPath } from '@tibeb/domain/tutors/search';
import type { Db, DbOrTx } from '../../../platform/db/client.ts';
import { SqlState, isSqlState, isUniqueViolation } from '../../../platform/db/errors.ts';
import { hashToken } from '../../../platform/auth/tokens.ts';
import { badRequest, conflict, notFound } from '../../../platform/http/app-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { bookingPolicy } from '../../content/index.ts';
import { daysOffOf } from '../../catalog/index.ts';
import { familyRecipient } from '../../accounts/index.ts';
import { invalidateTutorBookings } from '../availability/booked.cache.ts';
import { createCheckoutSession } from '../payments/checkout.service.ts';
import type { PaymentsDeps } from '../payments/payments-deps.service.ts';
import * as reservationsRepo from '../reservations/reservations.repository.ts';
import { insertEvents } from './booking-events.repository.ts';
import { settleReservationStatus, valuesById } from './cancel.service.ts';
import { creditBalance, lockFamilyCredit } from './credit.repository.ts';
import { creditSessionValue } from './session-credit.service.ts';
import { sendAll, type Actor, type LifecycleDeps } from './lifecycle-deps.service.ts';
import * as moveRequests from './move-requests.repository.ts';
import * as repo from './sessions.repository.ts';
import * as offers from './substitution.repository.ts';
import { acceptedEmails, declinedEmails, offerEmail, withdrawnEmail } from './substitution.emails.ts';

/**
 * A substitute tutor for the rest of a series (issue 30 item 4, decision 274). An admin picks one of the subject's
 * tutors free at every lesson to come; the family answers through a link. Accepting cancels those lessons with
 * their value as credit (the ledger's cancellation-to-credit), and books the same times with the new tutor as a
 * new reservation that the credit pays first: covered, it is confirmed at once; otherwise the family pays the
 * rest at the usual checkout while the times are held. A reservation's tutor never changes (the ledger, the
 * earnings and the Citus layout key everything by it).
 */

export type SubstitutionDeps = LifecycleDeps & { payments: PaymentsDeps };

type Lesson = repo.SessionRow;
type Candidate = { tutor: reservationsRepo.BookableTutor; rateCents: number; priceCents: number };

/** How long the new times are held for the family to pay what its credit does not cover. */
const PAY_HOLD_MS = 24 * 3_600_000;

const iso = (d: Date) => d.toISOString();

/** A weekly series that is paid: what a substitute can take over (a trial is one lesson with its own tutor). */
const movable = (r: repo.ReservationRow) => r.status === 'confirmed' && r.kind === 'weekly';

/** The lessons that can still move: scheduled, and starting after the lead time. */
async function lessonsToMove(db: DbOrTx, all: Lesson[], now: Date, only?: readonly string[]) {
  const policy = await bookingPolicy(db);
  const earliest = now.getTime() + policy.lead_time_hours * 3_600_000;
  return all.filter(
    (s) => s.status === 'scheduled' && s.startsAt.getTime() > earliest && (!only || only.includes(s.id)),
  );
}

/** The tutor's hourly rate in the booking's currency (null: it does not teach in it). */
async function rateOf(db: DbOrTx, tutor: reservationsRepo.BookableTutor, currency: string) {
  if (currency !== 'USD' && currency !== 'ETB') return null;
  const etb = currency === 'ETB' ? await reservationsRepo.findTutorEtbRate(db, tutor) : null;
  const rate = hourlyRateIn(currency, { usdCents: tutor.hourlyRateCents, etbCents: etb });
  return rate !== null && rate > 0 ? rate : null;
}

/** Whether one tutor is free at every lesson: its weekly windows, its days off and its other sessions. */
async function freeForAll(db: DbOrTx, tutor: reservationsRepo.BookableTutor, lessons: Lesson[], now: Date) {
  const windows =
    (await reservationsRepo.findWindows(db, [tutor.id])).get(tutor.id) ?? reservationsRepo.emptyWeek();
  if (!windowsHoldLessons(windows, tutor.timeZone, lessons)) return false;
  const dates = lessons.map((l) => instantToWallClock(l.startsAt, tutor.timeZone).date);
  const off = (await daysOffOf(db, [tutor.id], dates[0]!, dates.at(-1)!)).get(tutor.id);
  if (off && dates.some(off)) return false;
  const busy = await reservationsRepo.findActiveRanges(
    db,
    tutor.id,
    lessons[0]!.startsAt,
    lessons.at(-1)!.endsAt,
    now,
  );
  return !lessons.some((l) => busy.some((b) => b.startsAt < l.endsAt && l.startsAt < b.endsAt));
}

/** The subject's other bookable tutors free at every lesson, best rated first, with their price for them. */
async function candidatesFor(db: DbOrTx, r: repo.ReservationRow, lessons: Lesson[], now: Date) {
  const current = await reservationsRepo.findBookableTutor(db, r.tutorId);
  const subjectId = r.subjectId ?? current?.subjectId ?? null;
  if (subjectId === null || lessons.length === 0) return [];
  const found: Candidate[] = [];
  for (const tutor of await reservationsRepo.findSubjectTutors(db, subjectId, now)) {
    if (tutor.id === r.tutorId) continue;
    const rateCents = await rateOf(db, tutor, r.currency);
    if (rateCents === null || !(await freeForAll(db, tutor, lessons, now))) continue;
    found.push({ tutor, rateCents, priceCents: substitutePriceCents(rateCents, lessons) });
  }
  return found;
}

const valueOf = (r: repo.ReservationRow, all: Lesson[], lessons: Lesson[]) => {
  const values = valuesById(r, all);
  return lessons.reduce((sum, l) => sum + (values.get(l.id) ?? 0), 0);
};

/** GET /api/admin/reservations/{id}/substitutes/: who could take the lessons to come, and at what difference. */
export async function substituteCandidates(db: Db, reservationId: string, now = new Date()) {
  const r = await offers.findReservation(db, reservationId);
  if (!r) throw notFound(reservationApiMessages.reservationNotFound);
  const all = await repo.listSessions(db, r.id);
  const lessons = movable(r) ? await lessonsToMove(db, all, now) : [];
  const value = valueOf(r, all, lessons);
  const found = await candidatesFor(db, r, lessons, now);
  return {
    currency: r.currency,
    lessons: lessons.map((l) => ({ starts_at: iso(l.startsAt), ends_at: iso(l.endsAt) })),
    current_value_cents: value,
    tutors: found.map((c) => ({
      id: c.tutor.id,
      full_name: c.tutor.fullName,
      hourly_rate_cents: c.rateCents,
      price_difference_cents: c.priceCents - value,
    })),
  } satisfies SubstituteCandidates;
}

/** The offer as the family (by its link) and the admin see it; a pending offer past its time reads expired. */
async function offerView(db: DbOrTx, offer: offers.OfferRow, now: Date): Promise<SubstitutionOffer> {
  const r = await offers.findReservation(db, offer.reservationId);
  if (!r) throw notFound(msg.notFound);
  const all = await repo.listSessions(db, r.id);
  const pending = offer.status === 'pending' && offer.expiresAt > now;
  // While it waits, the lessons it would still move (one may have passed); once answered, the ones it named.
  const lessons = pending
    ? await lessonsToMove(db, all, now, offer.sessionIds)
    : all.filter((s) => offer.sessionIds.includes(s.id));
  const value = valueOf(r, all, lessons);
  const names = await offers.tutorNames(db, [offer.fromTutorId, offer.toTutorId]);
  const to = pending ? await reservationsRepo.findBookableTutor(db, offer.toTutorId) : null;
  const rate = to ? await rateOf(db, to, r.currency) : null;
  const newPrice = pending
    ? rate === null
      ? 0
      : substitutePriceCents(rate, lessons)
    : value + offer.priceDifferenceCents;
  const toName = names.get(offer.toTutorId) ?? '';
  const family = await familyRecipient(db, r);
  return {
    id: offer.id,
    status: offer.status === 'pending' && !pending ? 'expired' : offer.status,
    reservation_id: r.id,
    student_name: r.studentFullName,
    subject: r.subject,
    from_tutor: { id: offer.fromTutorId, full_name: names.get(offer.fromTutorId) ?? '' },
    to_tutor: {
      id: offer.toTutorId,
      full_name: toName,
      path: tutorPath({ id: offer.toTutorId, full_name: toName }),
    },
    lessons: lessons.map((l) => ({ starts_at: iso(l.startsAt), ends_at: iso(l.endsAt) })),
    currency: r.currency,
    current_value_cents: value,
    new_price_cents: newPrice,
    price_difference_cents: newPrice - value,
    reason: offer.reason,
    expires_at: iso(offer.expiresAt),
    created_at: iso(offer.createdAt),
    decided_at: offer.decidedAt ? iso(offer.decidedAt) : null,
    family_time_zone: family.timeZone,
  };
}

/** POST /api/admin/reservations/{id}/substitution/: the offer, e-mailed to the family with its link. */
export async function offerSubstitute(
  deps: SubstitutionDeps,
  actor: Actor,
  reservationId: string,
  body: SubstitutionBody,
  now = new Date(),
): Promise<SubstitutionOffer> {
  const input = substitutionBodySchema.parse(body);
  const r = await offers.findReservation(deps.db, reservationId);
  if (!r) throw notFound(reservationApiMessages.reservationNotFound);
  const all = await repo.listSessions(deps.db, r.id);
  const lessons = movable(r) ? await lessonsToMove(deps.db, all, now) : [];
  if (lessons.length === 0) throw conflict(msg.nothingToMove);
  const chosen = (await candidatesFor(deps.db, r, lessons, now)).find((c) => c.tutor.id === input.tutor_id);
  if (!chosen) throw badRequest(msg.tutorNotSuitable, { tutor_id: [msg.tutorNotSuitable] });
  const value = valueOf(r, all, lessons);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = substitutionExpiry(now, lessons[0]!.startsAt);
  let offer: offers.OfferRow;
  try {
    offer = await deps.db.transaction(async (tx) => {
      const row = await offers.insertOffer(tx, {
        reservationId: r.id,
        fromTutorId: r.tutorId,
        toTutorId: chosen.tutor.id,
        sessionIds: lessons.map((l) => l.id),
        priceDifferenceCents: chosen.priceCents - value,
        currency: r.currency,
        reason: input.reason,
        tokenHash: hashToken(token),
        createdByUserId: actor.userId,
        expiresAt,
      });
      const detail = {
        offer_id: row.id,
        to_tutor_id: chosen.tutor.id,
        lessons: lessons.length,
        price_difference_cents: row.priceDifferenceCents,
        reason: input.reason,
      };
      await insertEvents(tx, [
        { reservationId: r.id, actorUserId: actor.userId, action: 'substitute_offered', detail },
      ]);
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'reservation.offer_substitute',
        entityType: 'reservation',
        entityId: r.id,
        before: { tutor_id: r.tutorId },
        after: detail,
      });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(msg.alreadyOffered);
    throw err;
  }
  const family = await familyRecipient(deps.db, r);
  const names = await offers.tutorNames(deps.db, [r.tutorId]);
  await sendAll(deps, [
    offerEmail({
      reservation: r,
      family,
      fromTutor: names.get(r.tutorId) ?? '',
      toTutor: chosen.tutor.fullName,
      lessons,
      reason: input.reason,
      publicUrl: deps.publicUrl,
      link: `${deps.publicUrl}/substitution/${token}`,
      differenceCents: offer.priceDifferenceCents,
      expiresAt,
    }),
  ]);
  return offerView(deps.db, offer, now);
}

/** GET /api/admin/reservations/{id}/substitution/: the newest offer of the reservation, or none. */
export async function latestSubstitution(db: Db, reservationId: string, now = new Date()) {
  const offer = await offers.latestOffer(db, reservationId);
  return { offer: offer ? await offerView(db, offer, now) : null };
}

/** POST /api/admin/substitutions/{id}/withdraw/: a pending offer taken back; the family is told. */
export async function withdrawSubstitution(
  deps: SubstitutionDeps,
  actor: Actor,
  offerId: string,
  now = new Date(),
) {
  const offer = await deps.db.transaction(async (tx) => {
    const row = await offers.lockOffer(tx, offerId);
    if (!row) throw notFound(msg.notFound);
    if (!(await offers.closeOffer(tx, row.id, 'withdrawn', now))) throw conflict(msg.notPending);
    await insertEvents(tx, [
      {
        reservationId: row.reservationId,
        actorUserId: actor.userId,
        action: 'substitute_withdrawn',
        detail: { offer_id: row.id },
      },
    ]);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'reservation.withdraw_substitute',
      entityType: 'reservation',
      entityId: row.reservationId,
      before: { status: 'pending' },
      after: { status: 'withdrawn', offer_id: row.id },
    });
    return { ...row, status: 'withdrawn' as const, decidedAt: now };
  });
  const r = await offers.findReservation(deps.db, offer.reservationId);
  if (r) {
    const names = await offers.tutorNames(deps.db, [offer.fromTutorId, offer.toTutorId]);
    await sendAll(deps, [
      withdrawnEmail({
        reservation: r,
        family: await familyRecipient(deps.db, r),
        fromTutor: names.get(offer.fromTutorId) ?? '',
        toTutor: names.get(offer.toTutorId) ?? '',
        lessons: [],
        reason: offer.reason,
        publicUrl: deps.publicUrl,
      }),
    ]);
  }
  return offerView(deps.db, offer, now);
}

/** The offer behind a link; a pending one past its time is recorded as expired. */
async function offerByToken(db: Db, token: string, now: Date) {
  const offer = await offers.findOfferByTokenHash(db, hashToken(token));
  if (!offer) throw notFound(msg.notFound);
  if (offer.status === 'pending' && offer.expiresAt <= now) {
    await offers.expireOffer(db, offer.id, now);
    return { ...offer, status: 'expired' as const, decidedAt: now };
  }
  return offer;
}

/** GET /api/bookings/substitutions/{token}/: what the family is asked. */
export async function viewSubstitution(db: Db, token: string, now = new Date()) {
  return offerView(db, await offerByToken(db, token, now), now);
}

/** POST /api/bookings/substitutions/{token}/decline/: nothing changes; the office is told. */
export async function declineSubstitution(deps: SubstitutionDeps, token: string, now = new Date()) {
  const offer = await offerByToken(deps.db, token, now);
  const done = await deps.db.transaction(async (tx) => {
    if (!(await offers.closeOffer(tx, offer.id, 'declined', now))) return false;
    await insertEvents(tx, [
      {
        reservationId: offer.reservationId,
        actorUserId: null,
        action: 'substitute_declined',
        detail: { offer_id: offer.id },
      },
    ]);
    return true;
  });
  if (!done) throw conflict(msg.notPending);
  const r = await offers.findReservation(deps.db, offer.reservationId);
  if (r) {
    const names = await offers.tutorNames(deps.db, [offer.fromTutorId, offer.toTutorId]);
    const all = await repo.listSessions(deps.db, r.id);
    await sendAll(
      deps,
      declinedEmails({
        reservation: r,
        family: await familyRecipient(deps.db, r),
        fromTutor: names.get(offer.fromTutorId) ?? '',
        toTutor: names.get(offer.toTutorId) ?? '',
        lessons: all.filter((s) => offer.sessionIds.includes(s.id)),
        reason: offer.reason,
        publicUrl: deps.publicUrl,
        admins: await moveRequests.adminRecipients(deps.db),
      }),
    );
  }
  return answer('declined', null, 0, offer.currency, null);
}

const answer = (
  status: SubstitutionAnswer['status'],
  reservationId: string | null,
  due: number,
  currency: string,
  paymentPath: string | null,
): SubstitutionAnswer => ({
  status,
  reservation_id: reservationId,
  amount_due_cents: due,
  currency,
  payment_path: paymentPath,
});

/**
 * POST /api/bookings/substitutions/{token}/accept/: in one transaction the lessons leave the old booking (their
 * value as credit) and are held with the new tutor in a new booking; then the credit pays it (confirmed at once
 * when it covers it), or the family is sent to pay the rest while the times are held.
 */
export async function acceptSubstitution(
  deps: SubstitutionDeps,
  token: string,
  body: { price_difference_cents: number },
  now = new Date(),
): Promise<SubstitutionAnswer> {
  const found = await offerByToken(deps.db, token, now);
  if (found.status !== 'pending') throw conflict(msg.notPending);
  let step;
  try {
    step = await deps.db.transaction(async (tx) => {
      const r = await repo.lockReservation(tx, found.reservationId);
      const offer = await offers.lockOffer(tx, found.id);
      if (!r || !offer) throw notFound(msg.notFound);
      if (offer.status !== 'pending' || offer.expiresAt <= now) throw conflict(msg.notPending);
      const all = await repo.lockSessions(tx, r.id);
      const lessons = await lessonsToMove(tx, all, now, offer.sessionIds);
      if (lessons.length === 0) throw conflict(msg.nothingToMove);
      const tutor = await reservationsRepo.findBookableTutor(tx, offer.toTutorId);
      const rate = tutor ? await rateOf(tx, tutor, r.currency) : null;
      if (!tutor || rate === null) throw conflict(msg.noLongerFree);
      const value = valueOf(r, all, lessons);
      const price = substitutePriceCents(rate, lessons);
      if (price - value !== body.price_difference_cents) throw conflict(msg.priceChanged);
      // The new tutor's bookings wait for this one; its time is checked again under the lock (and by the database).
      await reservationsRepo.lockTutor(tx, tutor.id);
      if (!(await freeForAll(tx, tutor, lessons, now))) throw conflict(msg.noLongerFree);

      // 1. The old lessons: cancelled, their value the family's credit (the ledger's cancellation to credit).
      const reason = `Moved to ${tutor.fullName}: ${offer.reason}`;
      const values = valuesById(r, all);
      await lockFamilyCredit(tx, r.email);
      for (const l of lessons) {
        await creditSessionValue(tx, {
          reservation: r,
          sessionId: l.id,
          cents: values.get(l.id) ?? 0,
          note: reason,
          createdByUserId: r.familyUserId,
          now,
        });
      }
      await repo.updateSessions(
        tx,
        lessons.map((l) => l.id),
        {
          status: 'cancelled',
          cancelledAt: now,
          cancelledByUserId: r.familyUserId,
          cancelReason: reason,
          cancelOutcome: 'credit',
        },
      );
      await moveRequests.closeForSessions(
        tx,
        lessons.map((l) => l.id),
        now,
      );
      await settleReservationStatus(tx, r, now, reason);

      // 2. The same times with the new tutor: a new booking, held until it is paid.
      const first = instantToWallClock(lessons[0]!.startsAt, tutor.timeZone);
      const daysTimes: Record<string, string> = {};
      for (const l of lessons) {
        const w = instantToWallClock(l.startsAt, tutor.timeZone);
        daysTimes[weekdayOf(w.date)] ??= w.time;
      }
      const holdExpiresAt = new Date(Math.min(now.getTime() + PAY_HOLD_MS, lessons[0]!.startsAt.getTime()));
      const {
        id: _id,
        createdAt: _c,
        updatedAt: _u,
        confirmedAt: _cf,
        cancelledAt: _ca,
        cancelReason: _cr,
        creditCents: _cc,
        creditAppliedCents: _cap,
        renewsReservationId: _rn,
        clientAddress: _ip,
        ...family
      } = r;
      const created = await reservationsRepo.insertReservation(tx, {
        ...family,
        tutorId: tutor.id,
        subjectId: tutor.subjectId ?? r.subjectId,
        status: 'pending_payment',
        kind: 'weekly',
        date: first.date,
        time: first.time,
        days: Object.keys(daysTimes),
        daysTimes,
        timeZone: tutor.timeZone,
        amountCents: price,
        hourlyRateCents: rate,
        holdExpiresAt,
      });
      await reservationsRepo.insertSessions(
        tx,
        lessons.map((l) => ({
          reservationId: created.id,
          tutorId: tutor.id,
          startsAt: l.startsAt,
          endsAt: l.endsAt,
          status: 'held' as const,
          holdExpiresAt,
        })),
      );
      await offers.closeOffer(tx, offer.id, 'accepted', now);
      const detail = {
        offer_id: offer.id,
        from_reservation_id: r.id,
        to_reservation_id: created.id,
        lessons: lessons.length,
      };
      await insertEvents(tx, [
        { reservationId: r.id, actorUserId: r.familyUserId, action: 'substitute_accepted', detail },
        { reservationId: created.id, actorUserId: r.familyUserId, action: 'substitute_accepted', detail },
      ]);
      return { r, offer, tutor, lessons, price, value, newId: created.id, holdExpiresAt };
    });
  } catch (err) {
    if (isSqlState(err, SqlState.exclusionViolation)) throw conflict(msg.noLongerFree);
    throw err;
  }
  invalidateTutorBookings(step.r.tutorId);
  invalidateTutorBookings(step.tutor.id);

  // 3. The credit pays first: covered, the new booking is confirmed now (and its tutor told by its confirmation).
  const balance = await creditBalance(deps.db, step.r.email, step.r.currency);
  let due = Math.max(0, step.price - balance);
  if (due === 0) {
    await createCheckoutSession(
      deps.payments,
      {
        reservation_id: step.newId,
        amount: step.price / 100,
        full_name: step.r.billingName || step.r.fullName,
        email: step.r.billingEmail || step.r.email,
      },
      now,
    );
  }
  const paymentPath = due > 0 ? `/payment?reservation_id=${step.newId}` : null;
  const names = await offers.tutorNames(deps.db, [step.r.tutorId]);
  await sendAll(
    deps,
    acceptedEmails({
      reservation: step.r,
      family: await familyRecipient(deps.db, step.r),
      fromTutor: names.get(step.r.tutorId) ?? '',
      toTutor: step.tutor.fullName,
      lessons: step.lessons,
      reason: step.offer.reason,
      publicUrl: deps.publicUrl,
      fromTutorContact: await repo.findTutorContact(deps.db, step.r.tutorId),
      dueCents: due,
      leftOverCents: Math.max(0, step.value - step.price),
      paymentLink: `${deps.publicUrl}${paymentPath ?? ''}`,
      payBy: step.holdExpiresAt,
    }),
  );
  due = Math.max(0, due);
  return answer('accepted', step.newId, due, step.r.currency, paymentPath);
}
