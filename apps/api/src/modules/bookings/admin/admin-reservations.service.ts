import {
  adminReservationMessages as m,
  type AdminReservationDetail,
  type AdminReservationList,
  type AdminReservationRow,
} from '@tibeb/domain/admin-reservations/contract';
import { addDays } from '@tibeb/domain/bookings/slots';
import { statusIn, upcomingSessionStatuses } from '@tibeb/domain/bookings/statuses';
import { instantToWallClock, zonedTimeToInstant } from '@tibeb/domain/bookings/time';
import { fromCents } from '@tibeb/domain/shared/money';
import type { Db } from '../../../platform/db/client.ts';
import { notFound } from '../../../platform/http/app-error.ts';
import { snapshotCached } from '../../reporting/index.ts';
import * as repo from './admin-reservations.repository.ts';

/** The admin filters' dates are the business's calendar days, in EAT (DESIGN §1.7). */
const BUSINESS_ZONE = 'Africa/Addis_Ababa';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toRow(r: repo.ReservationListRow): AdminReservationRow {
  return {
    id: r.id,
    status: r.status,
    kind: r.kind,
    tutor_id: r.tutor_id,
    tutor_name: r.tutor_name,
    subject: r.subject,
    family_name: r.family_name,
    family_email: r.family_email,
    student_name: r.student_name,
    date: r.date,
    time: r.time,
    duration_minutes: r.duration_minutes,
    amount: fromCents(r.amount_cents),
    currency: r.currency,
    sessions_count: Number(r.sessions_count),
    next_session_at: iso(r.next_session_at),
    created_at: iso(r.created_at)!,
  };
}

export async function listReservations(
  db: Db,
  q: {
    status?: string;
    tutor_id?: number;
    from?: string;
    to?: string;
    q?: string;
    page: number;
    page_size: number;
  },
): Promise<AdminReservationList> {
  const filter: repo.ListFilter = {
    status: q.status,
    tutorId: q.tutor_id,
    fromInstant: q.from ? zonedTimeToInstant(q.from, '00:00', BUSINESS_ZONE) : undefined,
    toInstant: q.to ? zonedTimeToInstant(addDays(q.to, 1), '00:00', BUSINESS_ZONE) : undefined,
    q: q.q || undefined,
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
  };
  // The count first, kept while the database shows the same data (exact, on any instance: decision 243); a page
  // past the end answers from it alone, without walking the index to its offset.
  const key = JSON.stringify([filter.status, filter.tutorId, q.from, q.to, filter.q]);
  const count = await snapshotCached(db, `reservations:count:${key}`, () =>
    repo.countReservations(db, filter),
  );
  // The page's ids are kept the same way: a date range's page reads every session of the range, a search's page
  // sorts its matches, a deep page walks the index to its offset. The rows are read fresh (their next session
  // moves with the clock).
  const ids =
    filter.offset >= count
      ? []
      : await snapshotCached(db, `reservations:page:${key}:${filter.offset}:${filter.limit}`, () =>
          repo.selectReservationIds(db, filter),
        );
  const rows = await repo.selectReservationRows(db, ids);
  return { count, results: rows.map(toRow) };
}

export async function reservationDetail(db: Db, id: string): Promise<AdminReservationDetail> {
  if (!UUID.test(id)) throw notFound(m.notFound);
  const found = await repo.selectReservation(db, id);
  if (!found) throw notFound(m.notFound);
  const { r, tutorName } = found;
  const [sessionRows, paymentRows, history] = [
    await repo.selectSessions(db, id),
    await repo.selectPayments(db, id),
    await repo.selectHistory(db, id),
  ];
  const familyEmail = r.guardianEmail || r.email;
  const upcoming = sessionRows
    .filter((s) => statusIn(upcomingSessionStatuses, s.status) && s.startsAt > new Date())
    .map((s) => s.startsAt);
  return {
    reservation: {
      id: r.id,
      status: r.status,
      kind: r.kind,
      tutor_id: r.tutorId,
      tutor_name: tutorName,
      subject: r.subject,
      family_name: r.guardianFullName || r.fullName,
      family_email: familyEmail,
      student_name: r.studentFullName,
      date: r.date,
      time: r.time,
      duration_minutes: r.durationMinutes,
      amount: fromCents(r.amountCents),
      currency: r.currency,
      sessions_count: sessionRows.filter((s) => s.status !== 'skipped').length,
      next_session_at: upcoming[0]?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
      time_zone: r.timeZone,
      days: r.days,
      days_times: r.daysTimes,
      cancel_reason: r.cancelReason,
      credit_cents: r.creditCents,
      credit_applied_cents: r.creditAppliedCents,
    },
    family: {
      name: r.guardianFullName || r.fullName,
      email: familyEmail,
      phone: r.guardianPhone || r.phone,
      relationship: r.guardianRelationship,
      account_user_id: r.familyUserId,
      credit_balance_cents: await repo.creditBalance(db, familyEmail, r.currency),
    },
    student: {
      name: r.studentFullName,
      grade: r.studentGrade,
      age: r.studentAge,
      school: r.studentSchool,
      email: r.studentEmail,
    },
    sessions: sessionRows.map((s) => {
      const wall = instantToWallClock(s.startsAt, r.timeZone);
      return {
        id: s.id,
        starts_at: s.startsAt.toISOString(),
        ends_at: s.endsAt.toISOString(),
        date: wall.date,
        time: wall.time,
        status: s.status,
        cancel_outcome: s.cancelOutcome,
        cancel_reason: s.cancelReason,
        rescheduled_from: s.rescheduledFromStartsAt?.toISOString() ?? null,
      };
    }),
    payments: paymentRows.map((p) => ({
      id: p.id,
      provider: p.provider,
      status: p.status,
      amount: fromCents(p.amountCents),
      refunded: fromCents(p.refundedCents),
      currency: p.currency,
      paid_at: p.paidAt?.toISOString() ?? null,
      created_at: p.createdAt.toISOString(),
    })),
    history: history.map((h) => ({
      id: h.id,
      action: h.action,
      session_id: h.sessionId,
      actor: h.actor ?? '',
      detail: h.detail,
      created_at: h.createdAt.toISOString(),
    })),
  };
}
