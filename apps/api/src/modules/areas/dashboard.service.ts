import type { AdminDashboard } from '@tibeb/domain/accounts/dashboard';
import type { DbOrTx } from '../../platform/db/client.ts';
import { snapshotCached } from '../reporting/index.ts';
import * as repo from './dashboard.repository.ts';

/**
 * The admin dashboard (decision 244): its counts and revenue read whole tables, so each is kept while the database
 * shows the same data (`snapshotCached`: exact, on any instance); the sessions still to come also change with the
 * clock, so their count is kept under the next one's start as well.
 */
export async function adminDashboard(
  db: DbOrTx,
  now = new Date(),
  jitsi: boolean = false,
): Promise<AdminDashboard> {
  const next = await repo.nextScheduledStart(db, now);
  const [c, upcoming] = await Promise.all([
    snapshotCached(db, 'dashboard:counts', () => repo.adminCounts(db)),
    next === null ? 0 : snapshotCached(db, `dashboard:upcoming:${next}`, () => repo.scheduledFrom(db, next)),
  ]);
  const revenueCents = Number(c.revenue_cents);
  return {
    users: c.users,
    tutors: c.tutors,
    reservations: c.reservations,
    confirmed_reservations: c.confirmed,
    upcoming_sessions: upcoming,
    revenue: revenueCents / 100,
    revenue_cents: revenueCents,
    currency: 'USD',
    lesson_rooms: jitsi
      ? { provider: 'jitsi', tutors_without_room: 0 }
      : { provider: 'tutor_links', tutors_without_room: c.without_link },
  };
}
