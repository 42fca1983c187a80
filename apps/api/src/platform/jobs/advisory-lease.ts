import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Database } from '../db/client.ts';

export interface JobLease {
  /** Runs `run` holding the job's lease; answers `{ held: false }` at once when another instance holds it. */
  hold<R>(job: string, run: () => Promise<R>): Promise<{ held: true; result: R } | { held: false }>;
  close(): Promise<void>;
}

type Session = { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };

/** The first key of every job lock (the migrations lock with one 64-bit key: another key space). */
const NAMESPACE = 727_275;

/** The second key: a job name's 32-bit hash. */
export const jobLockKey = (job: string) => createHash('sha256').update(job).digest().readInt32BE(0);

/**
 * A PostgreSQL session-level advisory lock per job, taken with `pg_try_advisory_lock` for one run and released
 * after it: of the instances of a fleet, one runs a given job at a time and the others skip their turn; a lock
 * whose instance dies goes with its connection. The locks are taken on one connection of their own (outside the
 * pool, so a run never waits for a pooled connection held by another run; server.ts counts it in
 * DATABASE_POOL_SIZE); when it breaks, the next run opens
 * another. On the embedded database, one process and one session: the lock always holds (the runner itself
 * keeps a job from running twice), and the same SQL runs on both engines.
 */
export function advisoryLease(database: Database): JobLease {
  if (database.engine === 'pglite') {
    const client = (database.db as unknown as { $client: Session }).$client;
    return sessionLease(
      async () => client,
      async () => {},
    );
  }
  const pool = (database.db as unknown as { $client: pg.Pool & { options: pg.ClientConfig } }).$client;
  let current: Promise<pg.Client> | null = null;
  const connect = () => {
    const opening: Promise<pg.Client> = (async () => {
      const { default: pgModule } = await import('pg');
      const client = new pgModule.Client({
        ...pool.options,
        connectionTimeoutMillis: 5000,
        query_timeout: 10_000,
        keepAlive: true,
      });
      const lost = () => {
        if (current === opening) current = null;
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      return client;
    })();
    current = opening;
    opening.catch(() => {
      if (current === opening) current = null;
    });
    return opening;
  };
  return sessionLease(
    () => current ?? connect(),
    async () => {
      const client = await current?.catch(() => null);
      current = null;
      await client?.end().catch(() => undefined);
    },
  );
}

function sessionLease(session: () => Promise<Session>, close: () => Promise<void>): JobLease {
  // Jobs share the session: their lock statements go one after the other (a pg client runs one query at a time).
  let queue: Promise<unknown> = Promise.resolve();
  const query = (client: Session, text: string, key: number) => {
    const result = queue.then(() => client.query(text, [NAMESPACE, key]));
    queue = result.catch(() => undefined);
    return result;
  };
  return {
    async hold(job, run) {
      const key = jobLockKey(job);
      const client = await session();
      const { rows } = await query(client, 'select pg_try_advisory_lock($1::int4, $2::int4) as held', key);
      if ((rows[0] as { held?: boolean } | undefined)?.held !== true) return { held: false };
      try {
        return { held: true, result: await run() };
      } finally {
        // Released on the session that took it; if that connection broke, the server released it already.
        await query(client, 'select pg_advisory_unlock($1::int4, $2::int4)', key).catch(() => undefined);
      }
    },
    close,
  };
}
