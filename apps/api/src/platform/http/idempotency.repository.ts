import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.ts';
import {
  PURGE_BATCH,
  REPLAY_WINDOW_MS,
  type Claim,
  type IdempotencyScope,
  type IdempotencyStore,
  type StoredAnswer,
} from './idempotency.ts';

/**
 * The `Idempotency-Key` store in the database (decision 248): every instance sees every key. Reads and writes
 * the table `idempotency_keys` (schema/users.ts, migration 0008). A claim is one insert: a second claim of the same key finds the row and reads it.
 */

/** A claim whose first request never finished (its process died) is taken over after this long. */
const STALE_CLAIM_MS = 2 * 60_000;

const ownerOf = (scope: IdempotencyScope) => (scope.userId ? `user:${scope.userId}` : 'visitor');

type Row = {
  route: string;
  body_hash: string;
  status: number | null;
  content_type: string;
  response_body: string;
  created_at: Date | string;
};

export function databaseIdempotencyStore(db: DbOrTx): IdempotencyStore {
  return {
    async claim(scope, now): Promise<Claim> {
      const owner = ownerOf(scope);
      const expires = new Date(now.getTime() + REPLAY_WINDOW_MS).toISOString();
      // A row expired but not purged yet, or a stale claim, is taken over by this request.
      const [inserted] = await queryRows<{ key: string }>(
        db,
        sql`insert into idempotency_keys (owner, key, route, body_hash, status, created_at, expires_at)
          values (${owner}, ${scope.key}, ${scope.route}, ${scope.bodyHash}, null, ${now.toISOString()}, ${expires})
          on conflict (owner, key) do update set route = excluded.route, body_hash = excluded.body_hash,
            status = null, content_type = '', response_body = '', created_at = excluded.created_at,
            expires_at = excluded.expires_at
          where idempotency_keys.expires_at <= ${now.toISOString()}
            or (idempotency_keys.status is null
              and idempotency_keys.created_at <= ${new Date(now.getTime() - STALE_CLAIM_MS).toISOString()})
          returning key`,
      );
      if (inserted) return { kind: 'new' };
      const [row] = await queryRows<Row>(
        db,
        sql`select route, body_hash, status, content_type, response_body, created_at from idempotency_keys
          where owner = ${owner} and key = ${scope.key}`,
      );
      // Purged between the two statements: this request runs (its insert would now succeed next time).
      if (!row) return { kind: 'new' };
      if (row.route !== scope.route || row.body_hash !== scope.bodyHash) return { kind: 'mismatch' };
      if (row.status === null) return { kind: 'in_progress' };
      const answer: StoredAnswer = {
        status: Number(row.status),
        contentType: row.content_type,
        body: row.response_body,
      };
      return { kind: 'replay', answer };
    },

    async complete(scope, answer, now) {
      await db.execute(
        sql`update idempotency_keys set status = ${answer.status}, content_type = ${answer.contentType},
          response_body = ${answer.body},
          expires_at = ${new Date(now.getTime() + REPLAY_WINDOW_MS).toISOString()}
          where owner = ${ownerOf(scope)} and key = ${scope.key} and status is null`,
      );
    },

    async release(scope) {
      await db.execute(
        sql`delete from idempotency_keys where owner = ${ownerOf(scope)} and key = ${scope.key}
          and status is null`,
      );
    },

    async purge(now) {
      // In batches: one run holds no long lock however many keys expired at once.
      const rows = await queryRows<{ key: string }>(
        db,
        sql`delete from idempotency_keys where (owner, key) in (select owner, key from idempotency_keys
            where expires_at <= ${now.toISOString()} limit ${PURGE_BATCH})
          returning key`,
      );
      return rows.length;
    },
  };
}
