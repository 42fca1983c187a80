import type { DbOrTx } from '../../platform/db/client.ts';
import { insertAuditEntry, listAuditEntries, type AuditEntry } from './audit.repository.ts';

export type { AuditEntry };

/**
 * Records one admin write (who, what, when, before and after). Call it with the transaction that makes the
 * change, so the record and the change land together or not at all.
 */
export function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  return insertAuditEntry(db, entry);
}

/** The newest entries of one record, for its admin view. */
export async function auditTrail(db: DbOrTx, entityType: string, entityId: string, limit = 50) {
  const rows = await listAuditEntries(db, entityType, entityId, limit);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    actor_user_id: row.actorUserId,
    actor_username: row.actorUsername ?? '',
    before: row.before,
    after: row.after,
    created_at: row.createdAt.toISOString(),
  }));
}
