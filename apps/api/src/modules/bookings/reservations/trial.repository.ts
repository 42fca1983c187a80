import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../../platform/db/client.ts';

/** The SQL of trial lessons (decision 273): the offer of a bookable tutor, a family's live trial, what follows. */

export type TrialTutorRow = {
  id: number;
  full_name: string;
  subject: string;
  profile_image: string;
  time_zone: string;
  trial_minutes: number | null;
  trial_price_cents: number | null;
  trial_price_etb_cents: number | null;
};

/** A tutor families can book (active, published, priced) with its trial columns; null when none such. */
export async function findTrialTutor(db: DbOrTx, tutorId: number): Promise<TrialTutorRow | null> {
  const [row] = await queryRows<TrialTutorRow>(
    db,
    sql`select t.id, t.full_name, t.subject, t.profile_image, t.time_zone, t.trial_minutes,
          t.trial_price_cents, t.trial_price_etb_cents
        from tutors t
        where t.id = ${tutorId} and t.is_active and t.is_published and t.hourly_rate_cents > 0`,
  );
  return row ?? null;
}

export type LiveTrialRow = {
  id: string;
  status: string;
  date: string;
  time: string;
  student_full_name: string;
  client_address: string;
};

/**
 * The family's live trial with a tutor (the unique index's rows: confirmed, completed, or awaiting payment), an
 * unpaid one only while its hold runs (a lapsed hold frees it: the booking expires it first).
 */
export async function findLiveTrial(
  db: DbOrTx,
  tutorId: number,
  email: string,
  now: Date,
): Promise<LiveTrialRow | null> {
  const [row] = await queryRows<LiveTrialRow>(
    db,
    sql`select r.id, r.status, r.date::text as date, r.time, r.student_full_name, r.client_address
        from reservations r
        where r.kind = 'trial' and r.tutor_id = ${tutorId} and lower(r.email) = lower(${email})
          and (r.status in ('confirmed', 'completed')
            or (r.status = 'pending_payment' and r.hold_expires_at > ${now.toISOString()}))
        limit 1`,
  );
  return row ?? null;
}

export type FinishedTrialRow = {
  id: string;
  tutor_id: number;
  tutor_name: string;
  subject: string;
  student_full_name: string;
  student_grade: string;
  full_name: string;
  email: string;
  phone: string;
};

/**
 * The family's trials whose lesson has ended (or was completed), with no weekly booking of that tutor made since
 * (paid, or unpaid while its hold runs): "Continue weekly with {tutor}". One per tutor, the latest.
 */
export async function finishedTrials(db: DbOrTx, userId: string, now: Date): Promise<FinishedTrialRow[]> {
  return queryRows<FinishedTrialRow>(
    db,
    sql`select distinct on (r.tutor_id) r.id, r.tutor_id, t.full_name as tutor_name, r.subject,
          r.student_full_name, r.student_grade, r.full_name, r.email, r.phone
        from reservations r
        join tutors t on t.id = r.tutor_id
        where r.family_user_id = ${userId} and r.kind = 'trial' and r.status in ('confirmed', 'completed')
          and exists (select 1 from sessions s where s.reservation_id = r.id
            and (s.status = 'completed' or (s.status = 'scheduled' and s.ends_at <= ${now.toISOString()})))
          and not exists (select 1 from reservations w
            where w.tutor_id = r.tutor_id and w.kind = 'weekly' and w.created_at > r.created_at
              and (w.family_user_id = ${userId} or lower(w.email) = lower(r.email))
              and (w.status in ('confirmed', 'completed')
                or (w.status = 'pending_payment' and w.hold_expires_at > ${now.toISOString()})))
        order by r.tutor_id, r.created_at desc`,
  );
}

export type TrialFollowUpRow = {
  id: string;
  tutor_name: string;
  student_full_name: string;
  full_name: string;
  email: string;
  family_user_id: string | null;
  locale: string;
  family_time_zone: string;
};

/** A trial lesson that ended longer ago than this is not followed up any more (decision 277). */
export const TRIAL_FOLLOWUP_WINDOW_MS = 7 * 86_400_000;
/** A trial's lesson is at most this long after the booking (14 days ahead, decision 273), with a day's margin. */
const TRIAL_BOOKED_AHEAD_MS = 15 * 86_400_000;

/**
 * Trials whose lesson ended at least an hour ago and at most a week ago, not yet followed up (no
 * `trial_followup_sent` event) and not followed by a weekly booking of that tutor: locked (others skip them) for the
 * follow-up e-mail (decision 273). Only trials booked in the last three weeks are read (a partial index), so the
 * job's work does not grow with every trial ever booked (decision 277).
 */
export async function lockTrialsToFollowUp(tx: Tx, now: Date, limit = 50): Promise<TrialFollowUpRow[]> {
  const endedBefore = new Date(now.getTime() - 3_600_000).toISOString();
  const endedAfter = new Date(now.getTime() - TRIAL_FOLLOWUP_WINDOW_MS).toISOString();
  const bookedAfter = new Date(
    now.getTime() - TRIAL_FOLLOWUP_WINDOW_MS - TRIAL_BOOKED_AHEAD_MS,
  ).toISOString();
  return queryRows<TrialFollowUpRow>(
    tx,
    sql`select r.id, t.full_name as tutor_name, r.student_full_name, r.full_name, r.email, r.family_user_id,
          r.locale, r.family_time_zone
        from reservations r
        join tutors t on t.id = r.tutor_id
        where r.kind = 'trial' and r.created_at > ${bookedAfter} and r.status in ('confirmed', 'completed')
          and exists (select 1 from sessions s where s.reservation_id = r.id
            and s.status in ('scheduled', 'completed') and s.ends_at <= ${endedBefore} and s.ends_at > ${endedAfter})
          and not exists (select 1 from booking_events e
            where e.reservation_id = r.id and e.action = 'trial_followup_sent')
          and not exists (select 1 from reservations w
            where w.tutor_id = r.tutor_id and w.kind = 'weekly' and w.created_at > r.created_at
              and lower(w.email) = lower(r.email) and w.status in ('pending_payment', 'confirmed', 'completed'))
        order by r.created_at
        limit ${limit}
        for update of r skip locked`,
  );
}
