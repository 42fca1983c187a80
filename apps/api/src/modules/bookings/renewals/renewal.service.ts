import { reservationPayloadSchema, type ReservationRequest } from '@tibeb/domain/bookings/payload';
import { addDays, weekdayOf } from '@tibeb/domain/bookings/slots';
import { instantToWallClock } from '@tibeb/domain/bookings/time';
import { fromCents } from '@tibeb/domain/shared/money';
import type { WeekdayCode } from '@tibeb/domain/bookings/messages';
import {
  creditBalances,
  RENEWAL_OFFER_DAYS,
  renewalCurrency,
  renewalMessages as msg,
  type RenewalCreated,
  type RenewalOffer,
} from '@tibeb/domain/family/contracts';
import type { PaymentCurrency } from '@tibeb/domain/payments/currency';
import type { Db } from '../../../platform/db/client.ts';
import { AppError, conflict, notFound } from '../../../platform/http/app-error.ts';
import type { HoldLimits } from '../reservations/hold-limits.service.ts';
import { createReservation } from '../reservations/holds.service.ts';
import { previewReservation } from '../reservations/preview.service.ts';
import { reservationSessions } from '../reservations/reservations.repository.ts';
import * as repo from './renewal.repository.ts';
import * as family from '../family/family.repository.ts';

/**
 * Renewal (issue 15 item 3): from a week before a booking's paid weeks end, the family is offered the next
 * weeks of the same plan (same tutor, weekdays, times, duration, student), previewed by the booking's own
 * rules (clashes skipped and named), created by the one booking service and paid through the same checkout,
 * where the family's credit is spent first. In the renewed booking's currency while it is offered (birr needs
 * Chapa and the subject's birr rate), else in dollars, saying why (decision 173).
 */

const DAY_MS = 24 * 3_600_000;

/** The first date after the last paid session on one of the plan's weekdays: where the next weeks start. */
export function nextStartDate(lastDate: string, days: readonly string[]): string {
  let d = addDays(lastDate, 1);
  for (let i = 0; i < 7 && days.length > 0 && !days.includes(weekdayOf(d)); i += 1) d = addDays(d, 1);
  return d;
}

/** The booking request of the renewal: the renewed booking's own details, starting after its last session. */
export function renewalRequest(r: repo.RenewableRow): ReservationRequest {
  const last = instantToWallClock(new Date(r.last_start), r.time_zone);
  const days = (r.days?.length ? r.days : [weekdayOf(last.date)]) as WeekdayCode[];
  const parsed = reservationPayloadSchema.safeParse({
    tutor: r.tutor_id,
    date: nextStartDate(last.date, days),
    time: r.time,
    duration_hours: r.duration_minutes / 60,
    days,
    days_times: r.days_times && Object.keys(r.days_times).length ? r.days_times : { [days[0]!]: r.time },
    full_name: r.full_name,
    email: r.email,
    phone: r.phone,
    subject: r.subject,
    subject_level: r.subject_level,
    student_full_name: r.student_full_name,
    student_grade: r.student_grade,
    student_age: r.student_age,
    student_school: r.student_school,
    student_email: r.student_email,
    student_phone: r.student_phone,
    guardian_full_name: r.guardian_full_name,
    guardian_relationship: r.guardian_relationship,
    guardian_email: r.guardian_email,
    guardian_phone: r.guardian_phone,
    guardian_address_line1: r.guardian_address_line1,
    guardian_address_line2: r.guardian_address_line2,
    guardian_city: r.guardian_city,
    guardian_state: r.guardian_state,
    guardian_postal_code: r.guardian_postal_code,
    guardian_country: r.guardian_country,
    communication_preference: r.communication_preference,
    billing_name: r.billing_name,
    billing_email: r.billing_email,
    locale: r.locale,
  });
  if (!parsed.success) throw conflict(msg.notOffered);
  return parsed.data;
}

const window = (now: Date) => new Date(now.getTime() + RENEWAL_OFFER_DAYS * DAY_MS);

export type RenewalOptions = {
  now?: Date;
  /** The currencies families may pay in (birr only with Chapa configured); dollars only when left out. */
  currencies?: readonly PaymentCurrency[];
};

/**
 * The renewal's plan and currency: previewed in dollars (always offered), whose `currency_options` price the
 * same sessions in every currency on offer; the renewed booking's currency is kept when it is among them.
 */
async function planRenewal(db: Db, r: repo.RenewableRow, opts: RenewalOptions & { now: Date }) {
  const request = renewalRequest(r);
  const currencies = opts.currencies ?? ['USD'];
  // A renewal keeps the hourly rate its booking was bought at, in the same currency (decision 251): the
  // preview shown and the renewal held are priced by the same rule (rateFor applies it to that currency only).
  const bought =
    r.hourly_rate_cents !== null ? { currency: r.currency, hourlyRateCents: r.hourly_rate_cents } : undefined;
  const dollars = await previewReservation(
    db,
    { ...request, currency: 'USD' },
    { now: opts.now, currencies, boughtRate: bought },
  );
  const choice = renewalCurrency(r.currency, dollars.currency_options, currencies);
  const boughtRate = bought?.currency === choice.currency ? bought : undefined;
  const chosen = { ...request, currency: choice.currency };
  const preview =
    choice.currency === 'USD'
      ? dollars
      : await previewReservation(db, chosen, { now: opts.now, currencies, boughtRate });
  const hourlyRateCents = boughtRate?.hourlyRateCents ?? choice.option?.hourly_rate_cents ?? null;
  // Said before payment when the family would pay another hourly price than last time (a currency change).
  const priceDiffers =
    r.hourly_rate_cents !== null &&
    (r.currency !== choice.currency || hourlyRateCents !== r.hourly_rate_cents);
  return {
    request: chosen,
    boughtRate,
    preview,
    currency: choice.currency,
    notice: choice.notice,
    priceNotice: priceDiffers ? msg.priceDiffers : null,
    amountCents: preview.amount_cents,
  };
}

/** The family's renewal offers, each with its preview and what is charged after credit in its currency. */
export async function offers(db: Db, userId: string, opts: RenewalOptions = {}): Promise<RenewalOffer[]> {
  const now = opts.now ?? new Date();
  const rows = await repo.renewable(db, userId, now, window(now));
  const pending = await repo.pendingRenewals(db, userId, now);
  if (rows.length === 0 && pending.length === 0) return [];
  const credit = creditBalances(await family.creditByCurrency(db, await family.familyEmails(db, userId)));
  const creditIn = (currency: string) =>
    Math.max(0, credit.find((b) => b.currency === currency)?.amount_cents ?? 0);
  const out: RenewalOffer[] = [];
  for (const p of pending) {
    // The renewal made and not paid yet: offered as it was made, "Renew and pay" leads to its payment.
    const currency = p.renewal_currency === 'ETB' ? 'ETB' : 'USD';
    const credited = Math.min(creditIn(currency), p.renewal_amount_cents);
    out.push({
      ...offerBase(p),
      sessions: (await reservationSessions(db, p.renewal_id)).flatMap((s) => {
        if (s.status !== 'held' && s.status !== 'skipped') return [];
        const wall = instantToWallClock(s.startsAt, p.time_zone);
        return [
          {
            date: wall.date,
            time: wall.time,
            start: s.startsAt.toISOString(),
            ...(s.status === 'held'
              ? { status: 'planned' as const }
              : { status: 'skipped' as const, reason: s.skipReason }),
          },
        ];
      }),
      currency,
      currency_notice: null,
      amount_cents: p.renewal_amount_cents,
      credit_cents: credited,
      charge_cents: p.renewal_amount_cents - credited,
      problem: null,
    });
  }
  for (const r of rows) {
    const base = offerBase(r);
    try {
      const plan = await planRenewal(db, r, { ...opts, now });
      const credited = Math.min(creditIn(plan.currency), plan.amountCents);
      out.push({
        ...base,
        sessions: plan.preview.sessions,
        currency: plan.currency,
        currency_notice: plan.notice,
        price_notice: plan.priceNotice,
        amount_cents: plan.amountCents,
        credit_cents: credited,
        charge_cents: plan.amountCents - credited,
        problem: null,
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.push({
        ...base,
        sessions: [],
        currency: r.currency === 'ETB' ? 'ETB' : 'USD',
        currency_notice: null,
        amount_cents: 0,
        credit_cents: 0,
        charge_cents: 0,
        problem: err.message,
      });
    }
  }
  return out.sort((a, b) => a.paid_until.localeCompare(b.paid_until));
}

/** What an offer says of the booking it renews. */
const offerBase = (r: repo.RenewableRow) => ({
  reservation_id: r.id,
  tutor_id: Number(r.tutor_id),
  tutor_name: r.tutor_name,
  subject: r.subject,
  student_name: r.student_full_name,
  time_zone: r.time_zone,
  paid_until: new Date(r.last_start).toISOString(),
});

/** A renewal as its 201 names it: the reservation to pay, its amount, and whose it is. */
const renewalCreated = (
  r: repo.RenewableRow,
  created: { id: string; amount_cents: number; currency: string },
): RenewalCreated => ({
  id: created.id,
  amount: fromCents(created.amount_cents),
  amount_cents: created.amount_cents,
  currency: created.currency === 'ETB' ? 'ETB' : 'USD',
  full_name: r.full_name,
  email: r.email,
});

/**
 * Creates the renewal through the one booking service, linked to the booking it renews; paid at /payment (by
 * card, or through Chapa in birr). `currency`: the one the family saw the offer in; another one now is a 409.
 */
export async function renew(
  db: Db,
  userId: string,
  reservationId: string,
  opts: RenewalOptions & { clientAddress?: string; holdLimits?: HoldLimits; currency?: PaymentCurrency } = {},
): Promise<RenewalCreated> {
  const now = opts.now ?? new Date();
  // Renewed already and not paid yet (a double tap, a second try after leaving the payment page): that renewal
  // is the answer, as the first request's was (decision 248), never a refusal or a second hold.
  const [pending] = await repo.pendingRenewals(db, userId, now, reservationId);
  if (pending) {
    return renewalCreated(pending, {
      id: pending.renewal_id,
      amount_cents: pending.renewal_amount_cents,
      currency: pending.renewal_currency,
    });
  }
  const rows = await repo.renewable(db, userId, now, window(now));
  const r = rows.find((x) => x.id === reservationId);
  if (!r) {
    // Not the family's, not due, or renewed already: one answer that reveals nothing about other families.
    throw notFound(msg.notOffered);
  }
  const plan = await planRenewal(db, r, { ...opts, now });
  if (opts.currency && opts.currency !== plan.currency) {
    // Birr switched off (or its rate removed) since the offer was shown: nothing booked at an unseen price.
    throw conflict(msg.currencyChanged, 'currency_changed');
  }
  // Linked in the booking's own transaction: two renewals at once find each other there (holds.service.ts).
  const created = await createReservation(db, plan.request, {
    now,
    clientAddress: opts.clientAddress,
    holdLimits: opts.holdLimits,
    currencies: opts.currencies,
    renews: r.id,
    boughtRate: plan.boughtRate,
  });
  return renewalCreated(r, created);
}
