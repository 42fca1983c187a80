import { instantToWallClock, zonedTimeToInstant } from '@tibeb/domain/bookings/time';
import { markedSessionStatuses } from '@tibeb/domain/bookings/statuses';
import { roomFor } from '@tibeb/domain/sessions/room';
import {
  addDays,
  mondayOf,
  type TutorOverview,
  type TutorSession,
  type TutorSessions,
  type TutorStudentDetail,
} from '@tibeb/domain/sessions/tutor-area';
import type { DbOrTx } from '../../platform/db/client.ts';
import { viewerRoomLinks, type RoomLinks } from '../../platform/video/jitsi-rooms.ts';
import * as repo from './tutor-area.repository.ts';

const EAT = 'Africa/Addis_Ababa';
const isMarked = (status: string) => (markedSessionStatuses as readonly string[]).includes(status);
const iso = (value: Date | string) => new Date(value).toISOString();

/** The tutor's signed room link for a session row (null without Jitsi). */
type Links = ReturnType<typeof viewerRoomLinks>;

function toSession(row: repo.SessionRow, now: Date, links: Links): TutorSession {
  return {
    id: row.id,
    reservation_id: row.reservation_id,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    status: row.status,
    time_zone: row.time_zone,
    family_time_zone: row.family_time_zone,
    subject: row.subject,
    student_name: row.student_name,
    student_grade: row.student_grade,
    guardian_name: row.guardian_name,
    room: roomFor(
      { roomId: row.room_id, startsAt: row.starts_at, endsAt: row.ends_at, status: row.status },
      row.meeting_url,
      links(row),
      now,
    ),
    note: row.note,
    marked_at: row.marked_at === null ? null : iso(row.marked_at),
    cancel_reason: row.status === 'cancelled' ? row.cancel_reason : '',
  };
}

/** The tutor opens its sessions' rooms as moderator (decision 267). */
const tutorLinks = (rooms: RoomLinks | null, userId: string, tutor: { full_name: string } | undefined) =>
  viewerRoomLinks(rooms, { id: userId, name: tutor?.full_name ?? 'Tutor', moderator: true });

const startOfDay = (date: string, zone: string) => zonedTimeToInstant(date, '00:00', zone);

export async function overview(
  db: DbOrTx,
  userId: string,
  now = new Date(),
  rooms: RoomLinks | null = null,
): Promise<TutorOverview> {
  const tutor = await repo.tutorOfUser(db, userId);
  const links = tutorLinks(rooms, userId, tutor);
  const zone = tutor?.time_zone || EAT;
  const today = instantToWallClock(now, zone).date;
  const weekStart = mondayOf(today);
  const monthStart = `${today.slice(0, 7)}-01`;
  const [y, m] = today.split('-').map(Number) as [number, number];
  const nextMonth = `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`;
  const empty = { month: today.slice(0, 7), sessions_held: 0, hours: 0, earnings_cents: 0, currency: 'USD' };
  if (!tutor) {
    return {
      tutor: null,
      week_start: weekStart,
      week: [],
      next_session: null,
      month: empty,
      awaiting_attendance: [],
    };
  }
  const tutorId = Number(tutor.id);
  const monthFrom = startOfDay(monthStart, zone);
  const monthTo = startOfDay(nextMonth, zone);
  const [week, next, held, awaiting, earned] = await Promise.all([
    repo.sessionsBetween(db, tutorId, startOfDay(weekStart, zone), startOfDay(addDays(weekStart, 7), zone)),
    repo.nextSession(db, tutorId),
    repo.heldBetween(db, tutorId, monthFrom, monthTo),
    repo.awaitingAttendance(db, tutorId),
    // The month's earnings are the ledger's (decision 143 as amended by 226): after commission and reversals.
    repo.ledgerEarnedBetween(db, tutorId, monthFrom, monthTo),
  ]);
  return {
    tutor: { id: tutorId, full_name: tutor.full_name, time_zone: zone },
    week_start: weekStart,
    week: week.map((r) => toSession(r, now, links)),
    next_session: next ? toSession(next, now, links) : null,
    month: {
      month: today.slice(0, 7),
      sessions_held: held.held,
      hours: Math.round((held.minutes / 60) * 100) / 100,
      earnings_cents: Number(earned[0]?.cents ?? 0),
      currency: earned[0]?.currency ?? 'USD',
    },
    awaiting_attendance: awaiting.map((r) => toSession(r, now, links)),
  };
}

export async function sessions(
  db: DbOrTx,
  userId: string,
  query: { from?: string | undefined; days: number },
  now = new Date(),
  rooms: RoomLinks | null = null,
): Promise<TutorSessions> {
  const tutor = await repo.tutorOfUser(db, userId);
  const links = tutorLinks(rooms, userId, tutor);
  const zone = tutor?.time_zone || EAT;
  const from = query.from ?? mondayOf(instantToWallClock(now, zone).date);
  if (!tutor) return { from, days: query.days, time_zone: zone, sessions: [] };
  const rows = await repo.sessionsBetween(
    db,
    Number(tutor.id),
    startOfDay(from, zone),
    startOfDay(addDays(from, query.days), zone),
  );
  return { from, days: query.days, time_zone: zone, sessions: rows.map((r) => toSession(r, now, links)) };
}

/** The tutor's students: one per student and family, with guardian contact, counts and every session. */
export async function students(
  db: DbOrTx,
  userId: string,
  now = new Date(),
  rooms: RoomLinks | null = null,
): Promise<TutorStudentDetail[]> {
  const tutor = await repo.tutorOfUser(db, userId);
  const links = tutorLinks(rooms, userId, tutor);
  if (!tutor) return [];
  const rows = await repo.sessionsOfStudents(db, Number(tutor.id));
  const byStudent = new Map<string, TutorStudentDetail>();
  for (const row of rows) {
    const key = `${row.student_name.trim().toLowerCase()}|${row.guardian_email}`;
    let s = byStudent.get(key);
    if (!s) {
      s = {
        student_name: row.student_name,
        student_grade: row.student_grade,
        subject: row.subject,
        guardian_name: row.guardian_name,
        guardian_email: row.guardian_email,
        guardian_phone: row.guardian_phone,
        family_user_id: row.family_user_id,
        next_session_at: null,
        sessions_remaining: 0,
        sessions_held: 0,
        sessions: [],
      };
      byStudent.set(key, s);
    }
    const session = toSession(row, now, links);
    s.sessions.push(session);
    if (isMarked(row.status)) s.sessions_held += 1;
    if (row.status === 'scheduled' && new Date(row.ends_at) >= now) {
      s.sessions_remaining += 1;
      s.next_session_at ??= session.starts_at;
    }
    // The latest booking's grade and subject win (a student moves up a grade).
    if (row.student_grade) s.student_grade = row.student_grade;
    if (row.subject) s.subject = row.subject;
  }
  return [...byStudent.values()].sort(
    (a, b) =>
      (a.next_session_at ?? '9999').localeCompare(b.next_session_at ?? '9999') ||
      a.student_name.localeCompare(b.student_name),
  );
}
