import type { AdminDashboard } from '@tibeb/domain/accounts/dashboard';
import type { DbOrTx } from '../../platform/db/client.ts';
import * as repo from './dashboard.repository.ts';

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
