import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../platform/db/client.ts';

/**
 * The family's own reservations still waiting for payment whose hold has not lapsed, newest first (decision
 * 253). Keyed by the signed-in account only (family_user_id), never by an e-mail typed in.
 */
export async function pendingReservationIds(db: DbOrTx, userId: string, now: Date, limit = 5) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from reservations
      where family_user_id = ${userId} and status = 'pending_payment' and hold_expires_at > ${now.toISOString()}
      order by created_at desc limit ${limit}`,
  );
  return rows.map((r) => r.id);
}
