import type {
  AdminDashboard,
  AreaSession,
  Progress,
  StudentDashboard,
  StudentTutor,
  TutorDashboard,
} from '@tibeb/domain/accounts/dashboard';
import type { DbOrTx } from '../../platform/db/client.ts';
import * as repo from './dashboard.repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

const toSession = (row: repo.SessionRow): AreaSession => ({
  ...row,
  starts_at: iso(row.starts_at),
  ends_at: iso(row.ends_at),
  tutor_id: Number(row.tutor_id),
});

export async function adminDashboard(db: DbOrTx): Promise<AdminDashboard> {
  const c = await repo.adminCounts(db);
  const revenueCents = Number(c.revenue_cents);
  return {
    users: c.users,
    tutors: c.tutors,
    reservations: c.reservations,
    confirmed_reservations: c.confirmed,
    upcoming_sessions: c.upcoming,
    revenue: revenueCents / 100,
    revenue_cents: revenueCents,
    currency: 'USD',
  };
}

export async function tutorDashboard(db: DbOrTx, userId: string): Promise<TutorDashboard> {
  const tutor = await repo.tutorOfUser(db, userId);
  if (!tutor) return { tutor: null, students: 0, sessions_this_week: 0, upcoming_sessions: [] };
  const [counts, upcoming] = await Promise.all([
    repo.tutorCounts(db, tutor.id),
    repo.upcomingForTutor(db, tutor.id, null, 10),
  ]);
  return {
    tutor: { id: Number(tutor.id), full_name: tutor.full_name },
    students: counts.students,
    sessions_this_week: counts.this_week,
    upcoming_sessions: upcoming.map(toSession),
  };
}

/** The tutor's paid sessions for the coming 8 weeks. */
export async function tutorSchedule(db: DbOrTx, userId: string): Promise<AreaSession[]> {
  const tutor = await repo.tutorOfUser(db, userId);
  if (!tutor) return [];
  const until = new Date(Date.now() + 8 * 7 * 24 * 60 * 60_000);
  return (await repo.upcomingForTutor(db, tutor.id, until, 500)).map(toSession);
}

export async function studentDashboard(db: DbOrTx, userId: string): Promise<StudentDashboard> {
  const [counts, upcoming] = await Promise.all([
    repo.familyCounts(db, userId),
    repo.upcomingForFamily(db, userId, 10),
  ]);
  return {
    reservations: counts.reservations,
    completed_sessions: counts.completed,
    upcoming_sessions: upcoming.map(toSession),
  };
}

export async function studentTutors(db: DbOrTx, userId: string): Promise<StudentTutor[]> {
  return (await repo.tutorsOfFamily(db, userId)).map((r) => ({
    ...r,
    tutor_id: Number(r.tutor_id),
    next_session_at: isoOrNull(r.next_session_at),
  }));
}

export async function studentProgress(db: DbOrTx, userId: string): Promise<Progress> {
  const [counts, notes] = await Promise.all([
    repo.familyCounts(db, userId),
    repo.progressNotesOf(db, userId),
  ]);
  return {
    completed_sessions: counts.completed,
    upcoming_sessions: counts.upcoming,
    notes: notes.map((n) => ({ ...n, created_at: iso(n.created_at) })),
  };
}
