import { sql } from 'drizzle-orm';
import {
  collectedPaymentStatuses,
  openReservationStatuses,
  paidSessionStatuses,
} from '@tibeb/domain/bookings/statuses';
import { queryRows, sqlList, type DbOrTx } from '../../../platform/db/client.ts';
import { paymentReadColumns, type PaymentReadRow } from '../payments/payments.repository.ts';

// Reads and the few writes of the family (student-role) area. Every query is keyed by the signed-in account:
// a reservation belongs to the family whose account it is linked to (family_user_id), DESIGN §1.9.

type Instant = Date | string;

export type FamilyUserRow = {
  id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  time_zone: string;
  communication_preference: string;
  reminders_enabled: boolean;
  password_hash: string | null;
};

export async function findFamilyUser(db: DbOrTx, userId: string) {
  const [row] = await queryRows<FamilyUserRow>(
    db,
    sql`select id, username, email, first_name, last_name, time_zone, communication_preference,
        reminders_enabled, password_hash from users where id = ${userId}`,
  );
  return row;
}

/** The guardian name of the family's latest booking: how the family wrote its own name. */
export async function latestGuardianName(db: DbOrTx, userId: string) {
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`select coalesce(nullif(guardian_full_name, ''), full_name) as name from reservations
      where family_user_id = ${userId} order by created_at desc limit 1`,
  );
  return row?.name ?? '';
}

/** The e-mail addresses credit is kept under for this family: the account's and its bookings'. */
export async function familyEmails(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`select lower(email) as email from users where id = ${userId}
      union select lower(email) from reservations where family_user_id = ${userId}`,
  );
  return rows.map((r) => r.email);
}

const ofEmails = (emails: string[]) =>
  sql`lower(family_email) in (${sql.join(
    emails.map((e) => sql`${e}`),
    sql`, `,
  )})`;

/** The ledger's entries in every currency (credit is kept per currency, decision 171), newest first. */
export async function creditEntries(db: DbOrTx, emails: string[]) {
  if (emails.length === 0) return [];
  return queryRows<{
    id: string;
    amount_cents: number;
    currency: string;
    kind: string;
    note: string;
    created_at: Instant;
  }>(
    db,
    sql`select id, amount_cents, currency, kind, note, created_at from credit_ledger
      where ${ofEmails(emails)} and currency in ('USD', 'ETB')
      order by created_at desc, id limit 200`,
  );
}

/** The family's credit per currency (each spent only in its own). */
export async function creditByCurrency(db: DbOrTx, emails: string[]) {
  if (emails.length === 0) return [];
  return queryRows<{ currency: string; amount_cents: number }>(
    db,
    sql`select currency, coalesce(sum(amount_cents), 0)::int as amount_cents from credit_ledger
      where ${ofEmails(emails)} group by currency`,
  );
}

export type FamilySessionRow = {
  id: string;
  reservation_id: string;
  starts_at: Instant;
  ends_at: Instant;
  status: string;
  room_id: string;
  makeup_of_session_id: string | null;
  kind: 'weekly' | 'trial';
  time_zone: string;
  duration_minutes: number;
  amount_cents: number;
  subject: string;
  student_name: string;
  tutor_id: number;
  tutor_name: string;
  meeting_url: string | null;
  currency: string;
};

/**
 * Every session of the family's reservations that still have a scheduled session ahead (the upcoming ones,
 * and their siblings, which a session's value is computed from).
 */
export async function sessionsOfActiveReservations(db: DbOrTx, userId: string) {
  return queryRows<FamilySessionRow>(
    db,
    sql`select s.id, s.reservation_id, s.starts_at, s.ends_at, s.status, s.room_id, s.makeup_of_session_id, r.kind,
        r.time_zone,
        r.duration_minutes, r.amount_cents, r.subject, r.student_full_name as student_name,
        t.id as tutor_id, t.full_name as tutor_name, t.meeting_url, r.currency
      from sessions s join reservations r on r.id = s.reservation_id join tutors t on t.id = s.tutor_id
      where r.family_user_id = ${userId} and r.id in (
        select s2.reservation_id from sessions s2 join reservations r2 on r2.id = s2.reservation_id
          where r2.family_user_id = ${userId} and s2.status = 'scheduled' and s2.ends_at >= now())
      order by s.starts_at, s.id`,
  );
}

export type FamilyPaymentRow = PaymentReadRow & {
  paid_at: Instant | null;
  created_at: Instant;
  subject: string;
  tutor_name: string;
  student_name: string;
  family_name: string;
  family_email: string;
  credit_applied_cents: number;
  reservation_amount_cents: number;
  duration_minutes: number;
  time_zone: string;
};

const paymentColumns = sql`${paymentReadColumns}, p.paid_at, p.created_at, r.subject, t.full_name as tutor_name,
  r.student_full_name as student_name, r.full_name as family_name, r.email as family_email,
  r.credit_applied_cents, r.amount_cents as reservation_amount_cents, r.duration_minutes, r.time_zone`;

/** Payments the family made (paid, refunded in part or whole): not the abandoned checkouts. */
export async function paymentsOfFamily(db: DbOrTx, userId: string) {
  return queryRows<FamilyPaymentRow>(
    db,
    sql`select ${paymentColumns}
      from payments p join reservations r on r.id = p.reservation_id join tutors t on t.id = r.tutor_id
      where r.family_user_id = ${userId} and p.status in ${sqlList(collectedPaymentStatuses)}
      order by coalesce(p.paid_at, p.created_at) desc, p.id limit 200`,
  );
}

/** The refunds of these payments, oldest first (the family's history shows each with its reason). */
export async function refundsOfPayments(db: DbOrTx, paymentIds: string[]) {
  if (paymentIds.length === 0) return [];
  return queryRows<{
    payment_id: string;
    amount_cents: number;
    status: string;
    reason: string;
    created_at: Instant;
  }>(
    db,
    sql`select payment_id, amount_cents, status, reason, created_at from refunds
      where payment_id in ${sqlList(paymentIds)} order by created_at, id`,
  );
}

export async function paymentOfFamily(db: DbOrTx, userId: string, paymentId: string) {
  const [row] = await queryRows<FamilyPaymentRow>(
    db,
    sql`select ${paymentColumns}
      from payments p join reservations r on r.id = p.reservation_id join tutors t on t.id = r.tutor_id
      where p.id = ${paymentId} and r.family_user_id = ${userId}
        and p.status in ${sqlList(collectedPaymentStatuses)}`,
  );
  return row;
}

export async function sessionsOfReservation(db: DbOrTx, reservationId: string) {
  return queryRows<{ starts_at: Instant; status: string; cancel_reason: string }>(
    db,
    sql`select starts_at, status, cancel_reason from sessions where reservation_id = ${reservationId}
      and status in ${sqlList(paidSessionStatuses)} order by starts_at`,
  );
}

export async function updateSettings(
  db: DbOrTx,
  userId: string,
  v: {
    firstName: string;
    lastName: string;
    timeZone: string;
    communicationPreference: string;
    remindersEnabled: boolean;
  },
) {
  await db.execute(
    sql`update users set first_name = ${v.firstName}, last_name = ${v.lastName}, time_zone = ${v.timeZone},
      communication_preference = ${v.communicationPreference}, reminders_enabled = ${v.remindersEnabled},
      updated_at = now() where id = ${userId}`,
  );
  // The family's bookings follow the preference chosen here: lesson reminders go by the booking's (decision 176).
  await db.execute(
    sql`update reservations set communication_preference = ${v.communicationPreference}, updated_at = now()
      where family_user_id = ${userId} and status in ${sqlList(openReservationStatuses)}
        and communication_preference <> ${v.communicationPreference}`,
  );
}

/** A new password; older access tokens stop working (the token version moves on). */
export type ProgressSessionRow = {
  student_name: string;
  status: string;
  starts_at: Instant;
  ends_at: Instant;
};

/** Every paid session of every student the family booked for (for attendance and hours). */
export async function progressSessions(db: DbOrTx, userId: string) {
  return queryRows<ProgressSessionRow>(
    db,
    sql`select r.student_full_name as student_name, s.status, s.starts_at, s.ends_at
      from sessions s join reservations r on r.id = s.reservation_id
      where r.family_user_id = ${userId} and s.status in ${sqlList(paidSessionStatuses)}
      order by s.starts_at`,
  );
}

export async function progressNotes(db: DbOrTx, userId: string) {
  return queryRows<{
    id: string;
    student_name: string;
    tutor_name: string;
    note: string;
    created_at: Instant;
    edited_at: Instant | null;
  }>(
    db,
    // A withdrawn note is gone for the family (decision 261); an edited one carries when it was edited.
    sql`select p.id, coalesce(r.student_full_name, '') as student_name, t.full_name as tutor_name, p.note,
        p.created_at, p.edited_at
      from progress_notes p join tutors t on t.id = p.tutor_id
      left join reservations r on r.id = p.reservation_id
      where (r.family_user_id = ${userId} or (p.reservation_id is null and p.student_user_id = ${userId}))
        and p.withdrawn_at is null
      order by p.created_at desc limit 200`,
  );
}

export type BookingDetailsRow = {
  full_name: string;
  email: string;
  phone: string;
  guardian_full_name: string;
  guardian_relationship: string;
  guardian_email: string;
  guardian_phone: string;
  communication_preference: string;
  guardian_address_line1: string;
  guardian_address_line2: string;
  guardian_city: string;
  guardian_state: string;
  guardian_postal_code: string;
  guardian_country: string;
  student_full_name: string;
  student_grade: string;
  student_age: number | null;
  student_school: string;
};

/** The family's bookings, newest first, with the contact and student details they were made with. */
export async function bookingDetailsOf(db: DbOrTx, userId: string) {
  return queryRows<BookingDetailsRow>(
    db,
    sql`select full_name, email, phone, guardian_full_name, guardian_relationship, guardian_email,
        guardian_phone, communication_preference, guardian_address_line1, guardian_address_line2,
        guardian_city, guardian_state, guardian_postal_code, guardian_country, student_full_name,
        student_grade, student_age, student_school
      from reservations where family_user_id = ${userId} order by created_at desc limit 50`,
  );
}
