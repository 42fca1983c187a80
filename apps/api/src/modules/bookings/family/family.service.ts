import { isOutsideNoticeWindow, sessionValuesById } from '@tibeb/domain/bookings/lifecycle';
import { paidSessionStatuses, statusIn } from '@tibeb/domain/bookings/statuses';
import {
  creditBalances,
  familyMessages as msg,
  type BookingDetails,
  receiptNumber,
  type FamilyCredit,
  type FamilyOverview,
  type FamilyPayment,
  type FamilyProgress,
  type FamilySession,
  type FamilySettings,
  type FamilySettingsBody,
  type Receipt,
} from '@tibeb/domain/family/contracts';
import { roomFor } from '@tibeb/domain/sessions/room';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { notFound, unauthorized } from '../../../platform/http/app-error.ts';
import { bookingPolicy } from '../../content/index.ts';
import * as repo from './family.repository.ts';
import { viewerRoomLinks, type RoomLinks } from '../../../platform/video/jitsi-rooms.ts';

/**
 * The family area's rules (issue 15): what a family sees of its own bookings. Changes to bookings go through
 * the lifecycle service (modules/bookings); this module only reads them and explains their terms beforehand.
 */

const iso = (d: Date | string) => new Date(d).toISOString();
const HOUR_MS = 3_600_000;

async function familyUser(db: DbOrTx, userId: string) {
  const user = await repo.findFamilyUser(db, userId);
  if (!user) throw unauthorized();
  return user;
}

/** The name the family is greeted with: the account's own, else the guardian name of its latest booking. */
async function familyName(db: DbOrTx, user: repo.FamilyUserRow) {
  const own = `${user.first_name} ${user.last_name}`.trim();
  return own || (await repo.latestGuardianName(db, user.id)) || user.username;
}

/** Upcoming sessions with their room and what changing each costs now (free or not, what comes back). */
export async function upcomingSessions(
  db: DbOrTx,
  userId: string,
  now = new Date(),
  links: ReturnType<typeof viewerRoomLinks> = viewerRoomLinks(null, {
    id: userId,
    name: '',
    moderator: false,
  }),
): Promise<FamilySession[]> {
  const [rows, policy] = await Promise.all([
    repo.sessionsOfActiveReservations(db, userId),
    bookingPolicy(db),
  ]);
  const byReservation = new Map<string, repo.FamilySessionRow[]>();
  for (const r of rows)
    byReservation.set(r.reservation_id, [...(byReservation.get(r.reservation_id) ?? []), r]);
  const values = new Map<string, number>();
  for (const list of byReservation.values()) {
    // The amount splits over the paid sessions, as the lifecycle splits it (a make-up is worth its lesson).
    const byId = sessionValuesById(
      list[0]!.amount_cents,
      list.map((s) => ({ id: s.id, status: s.status, makeupOfSessionId: s.makeup_of_session_id })),
      (status) => statusIn(paidSessionStatuses, status),
    );
    for (const [id, cents] of byId) values.set(id, cents);
  }
  const notice = policy.cancellation_notice_hours;
  const inTime = (s: repo.FamilySessionRow) => isOutsideNoticeWindow(new Date(s.starts_at), now, notice);
  return rows
    .filter((s) => s.status === 'scheduled' && new Date(s.ends_at) >= now)
    .map((s) => {
      const series = (byReservation.get(s.reservation_id) ?? []).filter(
        (x) => x.status === 'scheduled' && new Date(x.starts_at) >= new Date(s.starts_at),
      );
      return {
        id: s.id,
        reservation_id: s.reservation_id,
        kind: s.kind,
        starts_at: iso(s.starts_at),
        ends_at: iso(s.ends_at),
        status: s.status,
        time_zone: s.time_zone,
        duration_minutes: s.duration_minutes,
        subject: s.subject,
        student_name: s.student_name,
        tutor_id: Number(s.tutor_id),
        tutor_name: s.tutor_name,
        currency: s.currency === 'ETB' ? 'ETB' : 'USD',
        room: roomFor(
          { roomId: s.room_id, startsAt: s.starts_at, endsAt: s.ends_at, status: s.status },
          s.meeting_url,
          links(s),
          now,
        ),
        terms: {
          in_time: inTime(s),
          notice_hours: notice,
          free_until: new Date(new Date(s.starts_at).getTime() - notice * HOUR_MS).toISOString(),
          value_cents: values.get(s.id) ?? 0,
          series_count: series.length,
          series_value_cents: series.reduce((sum, x) => sum + (values.get(x.id) ?? 0), 0),
        },
      };
    });
}

export async function overview(
  db: DbOrTx,
  userId: string,
  now = new Date(),
  rooms: RoomLinks | null = null,
): Promise<FamilyOverview> {
  const user = await familyUser(db, userId);
  const emails = await repo.familyEmails(db, userId);
  const name = await familyName(db, user);
  // The family joins its sessions' rooms as a participant, under its name (decision 267).
  const links = viewerRoomLinks(rooms, { id: userId, name, moderator: false });
  const [credit, upcoming] = await Promise.all([
    repo.creditByCurrency(db, emails),
    upcomingSessions(db, userId, now, links),
  ]);
  return {
    family: { name, email: user.email, time_zone: user.time_zone },
    credit: creditBalances(credit),
    upcoming,
  };
}

export async function credit(db: DbOrTx, userId: string): Promise<FamilyCredit> {
  const emails = await repo.familyEmails(db, userId);
  const [balances, entries] = await Promise.all([
    repo.creditByCurrency(db, emails),
    repo.creditEntries(db, emails),
  ]);
  return {
    balances: creditBalances(balances),
    entries: entries.map((e) => ({
      ...e,
      currency: e.currency === 'ETB' ? ('ETB' as const) : ('USD' as const),
      created_at: iso(e.created_at),
    })),
  };
}

type RefundRow = Awaited<ReturnType<typeof repo.refundsOfPayments>>[number];

function toPayment(p: repo.FamilyPaymentRow, refunds: RefundRow[] = []): FamilyPayment {
  return {
    id: p.id,
    reservation_id: p.reservation_id,
    receipt_number: receiptNumber(p.id),
    provider: p.provider,
    status: p.status,
    amount_cents: p.amount_cents,
    refunded_cents: p.refunded_cents,
    currency: p.currency,
    paid_at: p.paid_at ? iso(p.paid_at) : null,
    created_at: iso(p.created_at),
    subject: p.subject,
    tutor_name: p.tutor_name,
    student_name: p.student_name,
    refunds: refunds
      .filter((r) => r.payment_id === p.id)
      .map((r) => ({
        amount_cents: Number(r.amount_cents),
        status: r.status,
        reason: r.reason,
        created_at: iso(r.created_at),
      })),
  };
}

export async function payments(db: DbOrTx, userId: string): Promise<FamilyPayment[]> {
  const rows = await repo.paymentsOfFamily(db, userId);
  const refunds = await repo.refundsOfPayments(
    db,
    rows.map((p) => p.id),
  );
  return rows.map((p) => toPayment(p, refunds));
}

/** One payment's receipt: another family's payment is not found (404), never shown. */
export async function receipt(db: DbOrTx, userId: string, paymentId: string): Promise<Receipt> {
  const p = await repo.paymentOfFamily(db, userId, paymentId);
  if (!p) throw notFound(msg.paymentNotFound);
  const sessions = await repo.sessionsOfReservation(db, p.reservation_id);
  return {
    ...toPayment(p, await repo.refundsOfPayments(db, [p.id])),
    family: { name: p.family_name, email: p.family_email },
    credit_applied_cents: p.credit_applied_cents,
    total_cents: p.reservation_amount_cents,
    duration_minutes: p.duration_minutes,
    time_zone: p.time_zone,
    sessions: sessions.map((s) => ({
      starts_at: iso(s.starts_at),
      status: s.status,
      cancel_reason: s.status === 'cancelled' ? s.cancel_reason : '',
    })),
  };
}

export async function settings(db: DbOrTx, userId: string): Promise<FamilySettings> {
  const u = await familyUser(db, userId);
  const pref = u.communication_preference;
  return {
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    time_zone: u.time_zone,
    communication_preference: pref === 'phone' || pref === 'whatsapp' ? pref : 'email',
    reminders_enabled: u.reminders_enabled,
  };
}

export async function saveSettings(
  db: DbOrTx,
  userId: string,
  body: FamilySettingsBody,
): Promise<FamilySettings> {
  await familyUser(db, userId);
  await repo.updateSettings(db, userId, {
    firstName: body.first_name,
    lastName: body.last_name,
    timeZone: body.time_zone,
    communicationPreference: body.communication_preference,
    remindersEnabled: body.reminders_enabled,
  });
  return settings(db, userId);
}

/** Per student the family booked for: attendance, hours attended, by month, and the tutors' notes. */
export async function progress(db: DbOrTx, userId: string, now = new Date()): Promise<FamilyProgress> {
  const [sessions, notes] = await Promise.all([
    repo.progressSessions(db, userId),
    repo.progressNotes(db, userId),
  ]);
  const students = new Map<string, FamilyProgress[number]>();
  const of = (name: string) => {
    let p = students.get(name);
    if (!p) {
      p = {
        student_name: name,
        attended: 0,
        no_show: 0,
        cancelled: 0,
        upcoming: 0,
        hours: 0,
        months: [],
        notes: [],
      };
      students.set(name, p);
    }
    return p;
  };
  for (const s of sessions) {
    const p = of(s.student_name);
    const start = new Date(s.starts_at);
    const ended = new Date(s.ends_at) < now;
    // A scheduled session whose end has passed counts as held until the tutor marks it (the job completes it).
    if (s.status === 'completed' || (s.status === 'scheduled' && ended)) {
      p.attended += 1;
      const hours = (new Date(s.ends_at).getTime() - start.getTime()) / HOUR_MS;
      p.hours += hours;
      const month = start.toISOString().slice(0, 7);
      const m = p.months.find((x) => x.month === month);
      if (m) {
        m.hours += hours;
        m.attended += 1;
      } else p.months.push({ month, hours, attended: 1 });
    } else if (s.status === 'no_show') p.no_show += 1;
    else if (s.status === 'cancelled') p.cancelled += 1;
    else if (s.status === 'scheduled') p.upcoming += 1;
  }
  for (const n of notes) {
    of(n.student_name || 'Your student').notes.push({
      id: n.id,
      tutor_name: n.tutor_name,
      note: n.note,
      created_at: iso(n.created_at),
      edited_at: n.edited_at === null ? null : iso(n.edited_at),
    });
  }
  return [...students.values()].map((p) => ({
    ...p,
    hours: Math.round(p.hours * 100) / 100,
    months: p.months.map((m) => ({ ...m, hours: Math.round(m.hours * 100) / 100 })),
  }));
}

const asPreference = (p: string) => (p === 'email' || p === 'phone' || p === 'whatsapp' ? p : '');

/**
 * What the booking wizard is prefilled with (issue 15 item 4): the contact details of the latest booking
 * (the account's e-mail), and each student the family booked for, latest details first.
 */
export async function bookingDetails(db: DbOrTx, userId: string): Promise<BookingDetails> {
  const user = await familyUser(db, userId);
  const rows = await repo.bookingDetailsOf(db, userId);
  const last = rows[0];
  const own = `${user.first_name} ${user.last_name}`.trim();
  const students = new Map<string, BookingDetails['students'][number]>();
  for (const r of rows) {
    const key = r.student_full_name.trim().toLowerCase();
    if (!key || students.has(key)) continue;
    students.set(key, {
      student_name: r.student_full_name,
      grade_level: r.student_grade,
      student_age: r.student_age === null ? '' : String(r.student_age),
      student_school: r.student_school,
    });
  }
  return {
    contact: {
      full_name: own || last?.guardian_full_name || last?.full_name || '',
      email: user.email,
      phone: last?.guardian_phone || last?.phone || '',
      guardian_relationship: last?.guardian_relationship ?? '',
      comms_preference: asPreference(user.communication_preference || last?.communication_preference || ''),
      address_line1: last?.guardian_address_line1 ?? '',
      address_line2: last?.guardian_address_line2 ?? '',
      city: last?.guardian_city ?? '',
      state: last?.guardian_state ?? '',
      postal_code: last?.guardian_postal_code ?? '',
      country: last?.guardian_country ?? '',
    },
    students: [...students.values()],
  };
}
