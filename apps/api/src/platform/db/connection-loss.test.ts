import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine, type TestDatabase } from '../../test/harness.ts';
import { queryRows } from './client.ts';

/**
 * Issue 29 item 1: PostgreSQL ends the connections (a restart, a failover, `pg_terminate_backend`) while a
 * transaction holds one. The query in flight fails; the process lives, and the next queries work.
 * PGlite runs inside the process: it has no connection to lose.
 */
describe.runIf(testEngine === 'postgres')('a lost PostgreSQL connection', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('fails the transaction that held it and leaves the process and the pool working', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      const killer = new pg.Client({ connectionString: database.url });
      await killer.connect();
      const inside = database.db.transaction(async (tx) => {
        const [{ pid }] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        await killer.query('select pg_terminate_backend($1)', [pid]);
        // The server has closed the connection: the client learns it while the transaction still holds it.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      await expect(inside).rejects.toThrow();
      await killer.end();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).toEqual([]);
      const [{ one }] = await queryRows<{ one: number }>(database.db, sql`select 1 as one`);
      expect(one).toBe(1);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
