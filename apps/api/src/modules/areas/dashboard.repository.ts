import { sql } from 'drizzle-orm';
import { collectedPaymentStatuses, paidReservationStatuses } from '@tibeb/domain/bookings/statuses';
import { queryRows, sqlList, type DbOrTx } from '../../platform/db/client.ts';

// The admin dashboard's counts.

export async function adminCounts(db: DbOrTx) {
  const [row] = await queryRows<{
    users: number;
    tutors: number;
    reservations: number;
    confirmed: number;
    upcoming: number;
    revenue_cents: string | number;
  }>(
    db,
    sql`select
      (select count(*) from users)::int as users,
      (select count(*) from tutors where is_active)::int as tutors,
      (select count(*) from reservations)::int as reservations,
      (select count(*) from reservations where status in ${sqlList(paidReservationStatuses)})::int as confirmed,
      (select count(*) from sessions where status = 'scheduled' and starts_at >= now())::int as upcoming,
      -- Revenue in dollars: what was paid, minus what was refunded (birr is never added to dollars; the reports
      -- and the payments list total each currency apart, decision 171).
      (select coalesce(sum(amount_cents - refunded_cents), 0) from payments
        where status in ${sqlList(collectedPaymentStatuses)} and currency = 'USD')::bigint as revenue_cents`,
  );
  return row!;
}
