import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../platform/db/client.ts';

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
 * The family accounts that booked with a phone number ending in `lastDigits` (its national part), with the
 * numbers as typed: the caller keeps those that are the same number. A booking's account is the linked one,
 * else the family account with the booking's e-mail (as the reminder job reads it).
 */
export async function accountsByPhoneEnding(
  db: DbOrTx,
  lastDigits: string,
): Promise<{ account_id: string; phone: string; locale: string }[]> {
  const pattern = `%${lastDigits}`;
  return queryRows<{ account_id: string; phone: string; locale: string }>(
    db,
    sql`select distinct u.id as account_id, p.phone, u.locale
      from reservations r
        cross join lateral (values (r.phone), (r.guardian_phone)) as p(phone)
        join users u on u.id = r.family_user_id
          or (r.family_user_id is null and lower(u.email) = lower(r.email) and u.role = 'student')
      where p.phone <> '' and regexp_replace(p.phone, '[^0-9]', '', 'g') like ${pattern}`,
  );
}
