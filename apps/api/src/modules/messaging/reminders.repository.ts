import { sql } from 'drizzle-orm';
import { paidReservationStatuses } from '@tibeb/domain/bookings/statuses';
import { queryRows, sqlList, type Db, type DbOrTx } from '../../platform/db/client.ts';

// Turning a family's lesson reminders off (or on again) from outside the site: the e-mail's link, an SMS reply.

/** The account's language, or null when there is no such account. */
export async function accountForOptOut(
  db: DbOrTx,
  userId: string,
): Promise<{ locale: string; reminders_enabled: boolean } | null> {
  const [row] = await queryRows<{ locale: string; reminders_enabled: boolean }>(
    db,
    sql`select locale, reminders_enabled from users where id = ${userId}`,
  );
  return row ?? null;
}

export async function setRemindersEnabled(db: DbOrTx, userIds: string[], enabled: boolean): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update users set reminders_enabled = ${enabled}, updated_at = now()
      where id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      returning id`,
  );
  return rows.length;
}

/**
 * The family accounts whose trusted phone ends in `lastDigits` (its national part), with the numbers as typed:
 * the caller keeps those that are the same number. A phone is trusted for an account (decision 221) when it is
 * the account's own phone and the account's e-mail is verified, or the phone (or guardian's phone) of a PAID
 * reservation linked to the account. Never an unpaid hold's, nor a guest booking's matched by e-mail only:
 * anyone can hold with anyone's e-mail and their own phone.
 */
export async function accountsByTrustedPhoneEnding(
  db: DbOrTx,
  lastDigits: string,
): Promise<{ account_id: string; phone: string; locale: string }[]> {
  const pattern = `%${lastDigits}`;
  return queryRows<{ account_id: string; phone: string; locale: string }>(
    db,
    sql`select u.id as account_id, u.phone, u.locale from users u
      where u.role = 'student' and u.email_verified_at is not null and u.phone <> ''
        and regexp_replace(u.phone, '[^0-9]', '', 'g') like ${pattern}
      union
      select u.id as account_id, p.phone, u.locale
      from reservations r
        cross join lateral (values (r.phone), (r.guardian_phone)) as p(phone)
        join users u on u.id = r.family_user_id and u.role = 'student'
      where r.status in ${sqlList(paidReservationStatuses)} and p.phone <> ''
        and regexp_replace(p.phone, '[^0-9]', '', 'g') like ${pattern}`,
  );
}

/**
 * Records an inbound Twilio message (its MessageSid) as processed; false when it was seen before. Inserted in the
 * same transaction as the change it makes, so a replayed signed request changes nothing.
 */
export async function recordInboundMessage(tx: DbOrTx, messageSid: string, type: string): Promise<boolean> {
  const rows = await queryRows<{ event_id: string }>(
    tx,
    sql`insert into webhook_events (provider, event_id, type) values ('twilio', ${messageSid}, ${type})
      on conflict do nothing returning event_id`,
  );
  return rows.length > 0;
}

export function transaction<T>(db: Db, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}
