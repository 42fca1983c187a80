import { sql } from 'drizzle-orm';
import type { ReminderKind } from '@tibeb/domain/messaging/reminders';
import { queryRows, type DbOrTx } from '../../platform/db/client.ts';

// The reminder job's SQL (issue 18 item 4): claims in `reminder_deliveries`, whose primary key (session, kind)
// lets each reminder be claimed once whatever the number of instances, and what a reminder says.

/**
 * A claimed reminder: the session and the start it is for, as the database's text (compared exactly, to the
 * microsecond, when the claim is finished).
 */
export type ClaimedReminder = { session_id: string; kind: ReminderKind; starts_at: string };

/** Everything a reminder is written from, read fresh before it goes out. */
export type ReminderRow = {
  session_id: string;
  session_status: string;
  starts_at: Date | string;
  /** The start as the database's text, to compare with a claim's. */
  starts_at_text: string;
  ends_at: Date | string;
  reservation_status: string;
  confirmed_at: Date | string | null;
  tutor_name: string;
  subject: string;
  student_full_name: string;
  full_name: string;
  guardian_full_name: string;
  email: string;
  phone: string;
  guardian_phone: string;
  communication_preference: string;
  /** The family's language: its account's, else the booking's. */
  locale: string;
  /** The family's own zone ('' when not chosen). */
  family_zone: string;
  /** The account whose settings hold the opt-out: the linked one, else the family account with the e-mail. */
  account_id: string | null;
  reminders_enabled: boolean;
  /** The Telegram chat the account linked (decision 268), or null. */
  telegram_chat_id: string | null;
};

/**
 * The family's account for reminders: the one the booking is linked to, else (a guest booking, whose account is
 * made unverified after payment) the family account with the booking's e-mail.
 */
const accountJoin = sql`left join lateral (
    select u.id, u.reminders_enabled, u.time_zone, u.communication_preference, u.telegram_chat_id from users u
      where u.id = r.family_user_id
    union all
    select u.id, u.reminders_enabled, u.time_zone, u.communication_preference, u.telegram_chat_id from users u
      where r.family_user_id is null and lower(u.email) = lower(r.email) and u.role = 'student'
    limit 1
  ) acct on true`;

const ms = (n: number) => sql`make_interval(secs => ${n / 1000})`;

/**
 * Claims the due `kind` reminders of scheduled sessions (at most `limit`): the sessions are locked with
 * FOR NO KEY UPDATE SKIP LOCKED (one a lifecycle change holds is left for the next pass, and two instances
 * share the work), and a claim row is inserted per session. The primary key decides between two instances that
 * both got there: the second insert does nothing. A claim for an earlier start (the session was moved) is
 * taken again for the new start. Claims are 'sending', leased for `leaseMs`. Answers what this call claimed.
 */
export async function claimDueReminders(
  db: DbOrTx,
  opts: {
    kind: ReminderKind;
    now: Date;
    fromMs: number;
    untilMs: number;
    /** A session booked less than this before its start gets no reminder of this kind (0: no rule). */
    bookedAheadMs: number;
    leaseMs: number;
    limit: number;
  },
): Promise<ClaimedReminder[]> {
  const now = opts.now.toISOString();
  return queryRows<ClaimedReminder>(
    db,
    sql`with due as (
        select s.id, s.starts_at from sessions s
          join reservations r on r.id = s.reservation_id
          ${accountJoin}
        where s.status = 'scheduled' and r.status = 'confirmed'
          and s.starts_at > ${now}::timestamptz + ${ms(opts.untilMs)}
          and s.starts_at <= ${now}::timestamptz + ${ms(opts.fromMs)}
          and coalesce(r.confirmed_at, r.created_at) <= s.starts_at - ${ms(opts.bookedAheadMs)}
          and coalesce(acct.reminders_enabled, true)
          and not exists (select 1 from reminder_deliveries d
            where d.session_id = s.id and d.kind = ${opts.kind} and d.starts_at = s.starts_at)
        order by s.starts_at
        limit ${opts.limit}
        for no key update of s skip locked
      )
      insert into reminder_deliveries as d
        (session_id, kind, channel, status, starts_at, attempts, next_attempt_at, sent_at, last_error, provider_id)
      select id, ${opts.kind}, '', 'sending', starts_at, 1,
        ${now}::timestamptz + ${ms(opts.leaseMs)}, ${now}::timestamptz, '', ''
      from due
      on conflict (session_id, kind) do update set
        channel = '', status = 'sending', starts_at = excluded.starts_at, attempts = 1,
        next_attempt_at = excluded.next_attempt_at, sent_at = excluded.sent_at, last_error = '', provider_id = ''
      where d.starts_at <> excluded.starts_at and d.status <> 'sending'
      returning d.session_id, d.kind, d.starts_at::text as starts_at`,
  );
}

/** The details of the given sessions' reminders, as they are now. */
export async function reminderDetails(db: DbOrTx, sessionIds: string[]): Promise<ReminderRow[]> {
  if (sessionIds.length === 0) return [];
  return queryRows<ReminderRow>(
    db,
    sql`select s.id as session_id, s.status as session_status, s.starts_at, s.ends_at,
        s.starts_at::text as starts_at_text,
        r.status as reservation_status, r.confirmed_at, t.full_name as tutor_name, r.subject,
        r.student_full_name, r.full_name, r.guardian_full_name, r.email, r.phone, r.guardian_phone,
        coalesce(nullif(r.communication_preference, ''), acct.communication_preference, '') as communication_preference,
        coalesce((select u.locale from users u where u.id = r.family_user_id), r.locale) as locale,
        coalesce(acct.time_zone, '') as family_zone, acct.id as account_id,
        coalesce(acct.reminders_enabled, true) as reminders_enabled, acct.telegram_chat_id
      from sessions s
        join reservations r on r.id = s.reservation_id
        join tutors t on t.id = r.tutor_id
        ${accountJoin}
      where s.id in (${sql.join(
        sessionIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
}

/**
 * Records the channel a claim goes out by and renews its lease until `leaseUntil`. Answers false when the claim
 * is no longer this instance's to send (its lease ran out and another instance recorded it as interrupted).
 */
export async function renewClaim(
  db: DbOrTx,
  claim: ClaimedReminder,
  channel: string,
  leaseUntil: Date,
): Promise<boolean> {
  const rows = await queryRows<{ kind: string }>(
    db,
    sql`update reminder_deliveries set channel = ${channel}, next_attempt_at = ${leaseUntil.toISOString()}
      where session_id = ${claim.session_id} and kind = ${claim.kind}
        and starts_at = ${claim.starts_at}::timestamptz and status = 'sending'
      returning kind`,
  );
  return rows.length > 0;
}

/**
 * Ends a claim: 'sent' (with the provider's id), 'skipped' (cancelled, moved, stopped or too late), 'failed', or
 * 'retry' at `retryAt`. Only the claim still in flight for this start is changed.
 */
export async function finishReminder(
  db: DbOrTx,
  claim: ClaimedReminder,
  outcome:
    | { status: 'sent'; providerId: string; at: Date }
    | { status: 'skipped' | 'failed'; error: string }
    | { status: 'retry'; error: string; retryAt: Date },
): Promise<void> {
  const set =
    outcome.status === 'sent'
      ? sql`status = 'sent', provider_id = ${outcome.providerId}, sent_at = ${outcome.at.toISOString()},
          next_attempt_at = null, last_error = ''`
      : outcome.status === 'retry'
        ? sql`status = 'retry', last_error = ${outcome.error.slice(0, 1000)},
            next_attempt_at = ${outcome.retryAt.toISOString()}`
        : sql`status = ${outcome.status}, last_error = ${outcome.error.slice(0, 1000)}, next_attempt_at = null`;
  await db.execute(
    sql`update reminder_deliveries set ${set}
      where session_id = ${claim.session_id} and kind = ${claim.kind}
        and starts_at = ${claim.starts_at}::timestamptz and status = 'sending'`,
  );
}

/**
 * Takes the claims due again (SKIP LOCKED): a 'retry' whose time has come is leased and its attempt counted; a
 * 'sending' claim whose lease ran out belongs to an instance that stopped while sending — whether the message
 * left is unknown, so it is recorded as failed rather than risk sending it twice. Answers the claims to send
 * now (with their attempt number) and how many were given up.
 */
export async function takeDueRetries(
  db: DbOrTx,
  opts: { now: Date; leaseMs: number; limit: number },
): Promise<{ retries: (ClaimedReminder & { channel: string; attempts: number })[]; interrupted: number }> {
  const now = opts.now.toISOString();
  const rows = await queryRows<ClaimedReminder & { channel: string; attempts: number; status: string }>(
    db,
    sql`with due as (
        select session_id, kind from reminder_deliveries
        where status in ('retry', 'sending') and next_attempt_at <= ${now}::timestamptz
        order by next_attempt_at
        limit ${opts.limit}
        for update skip locked
      )
      update reminder_deliveries d set
        status = case when d.status = 'retry' then 'sending' else 'failed' end,
        attempts = case when d.status = 'retry' then d.attempts + 1 else d.attempts end,
        next_attempt_at = case when d.status = 'retry'
          then ${now}::timestamptz + ${ms(opts.leaseMs)} else null end,
        last_error = case when d.status = 'retry' then d.last_error
          else 'interrupted: the instance stopped before the provider answered' end
      from due where d.session_id = due.session_id and d.kind = due.kind
      returning d.session_id, d.kind, d.starts_at::text as starts_at, d.channel, d.attempts, d.status`,
  );
  return {
    retries: rows
      .filter((r) => r.status === 'sending')
      .map(({ session_id, kind, starts_at, channel, attempts }) => ({
        session_id,
        kind,
        starts_at,
        channel,
        attempts,
      })),
    interrupted: rows.filter((r) => r.status === 'failed').length,
  };
}

/** Every delivery of a session (tests, and an operator's look). */
export async function deliveriesOf(db: DbOrTx, sessionId: string) {
  return queryRows<{
    kind: ReminderKind;
    channel: string;
    status: string;
    attempts: number;
    starts_at: Date | string;
    last_error: string;
    provider_id: string;
  }>(
    db,
    sql`select kind, channel, status, attempts, starts_at, last_error, provider_id
      from reminder_deliveries where session_id = ${sessionId} order by kind`,
  );
}
