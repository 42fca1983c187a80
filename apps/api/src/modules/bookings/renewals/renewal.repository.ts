import { sql } from 'drizzle-orm';
import { paidReservationStatuses } from '@tibeb/domain/bookings/statuses';
import { queryRows, sqlList, type DbOrTx } from '../../../platform/db/client.ts';

// Renewals (issue 15 item 3): the family's bookings whose paid weeks end soon, what they were booked with,
// and the link from a renewal to the booking it renews.

export type RenewableRow = {
  id: string;
  tutor_id: number;
  tutor_name: string;
  subject: string;
  student_full_name: string;
  time_zone: string;
  last_start: Date | string;
  family_user_id: string | null;
  email: string;
  full_name: string;
  phone: string;
  time: string;
  duration_minutes: number;
  days: string[];
  days_times: Record<string, string>;
  subject_level: string;
  student_grade: string;
  student_age: number | null;
  student_school: string;
  student_email: string;
  student_phone: string;
  guardian_full_name: string;
  guardian_relationship: string;
  guardian_email: string;
  guardian_phone: string;
  guardian_address_line1: string;
  guardian_address_line2: string;
  guardian_city: string;
  guardian_state: string;
  guardian_postal_code: string;
  guardian_country: string;
  communication_preference: string;
  billing_name: string;
  billing_email: string;
  /** The renewed booking's currency: its renewal is priced and paid in it while it is offered. */
  currency: string;
  /** The hourly rate (in `currency`) the renewed booking was bought at; null when not known (decision 251). */
  hourly_rate_cents: number | null;
  /** The family's language: its account's, else the booking's. */
  locale: string;
};

const renewableColumns = sql`r.id, r.tutor_id, t.full_name as tutor_name, r.subject, r.student_full_name,
  r.time_zone, r.family_user_id, r.email, r.full_name, r.phone, r.time, r.duration_minutes, r.days, r.days_times,
  r.subject_level, r.student_grade, r.student_age, r.student_school, r.student_email, r.student_phone,
  r.guardian_full_name, r.guardian_relationship, r.guardian_email, r.guardian_phone, r.guardian_address_line1,
  r.guardian_address_line2, r.guardian_city, r.guardian_state, r.guardian_postal_code, r.guardian_country,
  r.communication_preference, r.billing_name, r.billing_email, r.currency, r.hourly_rate_cents,
  coalesce((select u.locale from users u where u.id = r.family_user_id), r.locale) as locale`;

const renewableFrom = sql`from reservations r join tutors t on t.id = r.tutor_id
      join lateral (select max(s.starts_at) as last_start from sessions s
        where s.reservation_id = r.id and s.status = 'scheduled') last on true`;

/**
 * Confirmed bookings with a scheduled session ahead whose last scheduled session starts before `until`, and
 * that no live booking renews yet (a paid one, or an unpaid one whose hold still runs). `userId` null: every
 * family's (the reminder job). A trial is never renewed: "Continue weekly" follows it (decision 273).
 */
export async function renewable(db: DbOrTx, userId: string | null, now: Date, until: Date) {
  return queryRows<RenewableRow>(
    db,
    sql`select ${renewableColumns}, last.last_start ${renewableFrom}
      where r.status = 'confirmed' and r.kind = 'weekly' and last.last_start > ${now.toISOString()}
        and last.last_start <= ${until.toISOString()}
        ${userId === null ? sql`and r.family_user_id is not null` : sql`and r.family_user_id = ${userId}`}
        and not exists (select 1 from reservations n where n.renews_reservation_id = r.id
          and (n.status in ${sqlList(paidReservationStatuses)}
            or (n.status = 'pending_payment' and n.hold_expires_at > ${now.toISOString()})))
      order by last.last_start, r.id`,
  );
}

export type PendingRenewalRow = RenewableRow & {
  renewal_id: string;
  renewal_amount_cents: number;
  renewal_currency: string;
};

/**
 * The family's bookings renewed by an unpaid renewal whose hold still runs (decision 248): offered again as that
 * renewal, so that a family who left before paying (or reloaded) finds it and pays it. `renewsId`: one booking's.
 */
export async function pendingRenewals(db: DbOrTx, userId: string, now: Date, renewsId?: string) {
  return queryRows<PendingRenewalRow>(
    db,
    sql`select ${renewableColumns}, last.last_start, n.id as renewal_id,
        n.amount_cents as renewal_amount_cents, n.currency as renewal_currency ${renewableFrom}
      join reservations n on n.renews_reservation_id = r.id and n.status = 'pending_payment'
        and n.hold_expires_at > ${now.toISOString()}
      where r.status = 'confirmed' and r.family_user_id = ${userId}
        ${renewsId === undefined ? sql`` : sql`and r.id = ${renewsId}`}
      order by last.last_start, r.id`,
  );
}

/**
 * Takes the bookings due a reminder, once each across instances: a marker row in `booking_events`
 * ('renewal_reminded') written in the same transaction, the candidates locked with SKIP LOCKED so that two
 * instances never pick the same one.
 */
export async function takeDueReminders(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  // Lock first, then look for the marker in a second statement: under READ COMMITTED its fresh snapshot sees a
  // marker that another instance committed while this one waited, which one statement's snapshot would miss.
  const locked = await queryRows<{ id: string }>(
    db,
    sql`select r.id from reservations r
        where r.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        for update of r skip locked`,
  );
  if (locked.length === 0) return [];
  return queryRows<{ id: string }>(
    db,
    sql`insert into booking_events (reservation_id, action, detail)
        select r.id, 'renewal_reminded', '{}'::jsonb from reservations r
        where r.id in (${sql.join(
          locked.map((row) => sql`${row.id}`),
          sql`, `,
        )})
          and not exists (select 1 from booking_events e
            where e.reservation_id = r.id and e.action = 'renewal_reminded')
      returning reservation_id as id`,
  );
}
