import { reservationApiMessages as apiMessages } from '@tibeb/domain/bookings/api-messages';
import type { ReservationRequest } from '@tibeb/domain/bookings/payload';
import { addDays } from '@tibeb/domain/bookings/slots';
import { instantToWallClock } from '@tibeb/domain/bookings/time';
import {
  TRIAL_DAYS_AHEAD,
  trialMessages,
  trialOfferOf,
  trialPriceIn,
  type ContinueWeekly,
  type TrialCreated,
  type TrialOffer,
  type TrialSlots,
} from '@tibeb/domain/bookings/trial';
import { currencyMessages, type PaymentCurrency } from '@tibeb/domain/payments/currency';
import type { Db } from '../../../platform/db/client.ts';
import { badRequest, conflict, notFound } from '../../../platform/http/app-error.ts';
import { createCheckoutSession } from '../payments/checkout.service.ts';
import type { PaymentsDeps } from '../payments/payments-deps.service.ts';
import { availableForTutorJson } from './availability.service.ts';
import type { HoldLimits } from './hold-limits.service.ts';
import { createReservation } from './holds.service.ts';
import * as repo from './trial.repository.ts';

/**
 * Trial lessons (issue 30 item 2, decision 273): the tutor's offer, its free times within 14 days, and booking one
 * as a reservation of kind `trial` with one session, held, paid and confirmed as any booking (a free one through
 * the checkout's zero-amount way, at once). At most one live trial per family and tutor.
 */

type TrialTutor = { row: repo.TrialTutorRow; offer: TrialOffer };

async function offeringTutor(db: Db, tutorId: number): Promise<TrialTutor> {
  const row = await repo.findTrialTutor(db, tutorId);
  if (!row) throw notFound(apiMessages.tutorNotFound);
  const offer = trialOfferOf({
    trialMinutes: row.trial_minutes,
    trialPriceCents: row.trial_price_cents,
    trialPriceEtbCents: row.trial_price_etb_cents,
  });
  if (!offer) throw notFound(trialMessages.notOffered);
  return { row, offer };
}

/** The dates from today (the tutor's wall clock) over the trial window. */
function trialDates(now: Date, timeZone: string): string[] {
  const today = instantToWallClock(now, timeZone).date;
  return Array.from({ length: TRIAL_DAYS_AHEAD }, (_, i) => addDays(today, i));
}

/** Birr is offered for a trial when Chapa is, and the trial is free or has a birr price. */
const etbOffered = (offer: TrialOffer, currencies: readonly PaymentCurrency[]) =>
  currencies.includes('ETB') && (offer.free || offer.price_etb !== null);

/**
 * The tutor's free start times of the trial's length over the next 14 days, from the booking engine's month
 * availability (its windows, sessions, holds, days off and lead time), as the wizard reads them.
 */
export async function trialSlots(
  db: Db,
  tutorId: number,
  opts: { now?: Date; currencies?: readonly PaymentCurrency[] } = {},
): Promise<TrialSlots> {
  const now = opts.now ?? new Date();
  const { row, offer } = await offeringTutor(db, tutorId);
  const dates = trialDates(now, row.time_zone);
  const months = [...new Set(dates.map((d) => d.slice(0, 7)))];
  const free = new Map<string, string[]>();
  for (const ym of months) {
    const json = await availableForTutorJson(
      db,
      tutorId,
      {
        year: Number(ym.slice(0, 4)),
        month: Number(ym.slice(5, 7)),
        durationMinutes: offer.minutes,
        onlyFuture: true,
      },
      { now },
    );
    const { available } = JSON.parse(json) as { available: Record<string, string[]> };
    for (const [date, times] of Object.entries(available)) free.set(date, times);
  }
  return {
    tutor: {
      id: row.id,
      full_name: row.full_name,
      subject: row.subject,
      profile_image: row.profile_image,
      time_zone: row.time_zone,
    },
    trial: offer,
    etb_offered: etbOffered(offer, opts.currencies ?? ['USD']),
    days: dates.map((date) => ({ date, times: free.get(date) ?? [] })).filter((d) => d.times.length > 0),
  };
}

export type TrialBookingOptions = {
  now?: Date;
  clientAddress?: string;
  holdLimits?: HoldLimits;
  currencies?: readonly PaymentCurrency[];
  /** Lead time override (tests). */
  leadMinutes?: number;
};

/**
 * Books a trial: the offer's length and price (computed here, in the family's currency), one session within the
 * window, one live trial per family and tutor (checked first for a clear answer; the unique index decides under
 * concurrency). A paid trial waits for the payment page; a free one is confirmed at once through the checkout's
 * zero-amount way (no provider), which links the family, e-mails the confirmation and posts nothing.
 */
export async function bookTrial(
  deps: PaymentsDeps,
  request: ReservationRequest,
  opts: TrialBookingOptions = {},
): Promise<TrialCreated> {
  const now = opts.now ?? new Date();
  const { db } = deps;
  const tutorId = request.tutor;
  if (tutorId === null) throw badRequest(apiMessages.invalidTutor, { tutor: [apiMessages.invalidTutor] });
  const { row, offer } = await offeringTutor(db, tutorId);

  const currency = request.currency ?? 'USD';
  const currencies = opts.currencies ?? ['USD'];
  if (!currencies.includes(currency))
    throw badRequest(currencyMessages.etbUnavailable, { currency: [currencyMessages.etbUnavailable] });
  const priceCents = trialPriceIn(currency, offer);
  if (priceCents === null)
    throw badRequest(currencyMessages.etbNotOffered, { currency: [currencyMessages.etbNotOffered] });

  if (!trialDates(now, row.time_zone).includes(request.date))
    throw badRequest(trialMessages.outsideWindow, { date: [trialMessages.outsideWindow] });

  // One per family and tutor: a clear answer before anything is held (the same request again, a double tap on an
  // unpaid trial, gets its own hold back from the booking).
  const live = await repo.findLiveTrial(db, tutorId, request.email, now);
  const sameUnpaid =
    live?.status === 'pending_payment' &&
    live.date === request.date &&
    live.time === request.time &&
    live.student_full_name === request.student_full_name;
  if (live && !sameUnpaid) throw conflict(trialMessages.alreadyBooked, 'trial_already_booked');

  const input: ReservationRequest = {
    ...request,
    tutor: tutorId,
    subject: '',
    duration_minutes: offer.minutes,
    duration_hours: offer.minutes / 60,
    days: request.days,
    days_times: request.days_times,
    currency,
  };
  const created = await createReservation(db, input, {
    now,
    clientAddress: opts.clientAddress,
    holdLimits: opts.holdLimits,
    currencies,
    leadMinutes: opts.leadMinutes,
    trial: { priceCents },
  });

  if (created.amount_cents === 0) {
    const checkout = await createCheckoutSession(
      deps,
      { reservation_id: created.id, amount: 0, full_name: request.full_name, email: request.email },
      now,
    );
    return {
      id: created.id,
      status: 'confirmed',
      amount_cents: 0,
      currency,
      free: true,
      next_url: relative(checkout.checkout_url, deps.config.publicUrl),
    };
  }
  return {
    id: created.id,
    status: 'pending_payment',
    amount_cents: created.amount_cents,
    currency,
    free: false,
    next_url: `/payment?reservation_id=${encodeURIComponent(created.id)}`,
  };
}

/** The site-relative form of an address on the public site. */
function relative(url: string, publicUrl: string): string {
  return url.startsWith(publicUrl) ? url.slice(publicUrl.length) || '/' : url;
}

/** "Continue weekly with {tutor}": the family's finished trials not followed by a weekly booking. */
export async function continueWeekly(db: Db, userId: string, now = new Date()): Promise<ContinueWeekly[]> {
  const rows = await repo.finishedTrials(db, userId, now);
  return rows.map((r) => ({
    reservation_id: r.id,
    tutor_id: Number(r.tutor_id),
    tutor_name: r.tutor_name,
    subject: r.subject,
    student_name: r.student_full_name,
    student_grade: r.student_grade,
    full_name: r.full_name,
    email: r.email,
    phone: r.phone,
  }));
}
