import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpMessages } from '@tibeb/domain/shared/http-messages';
import {
  createTestApp,
  createTestDatabase,
  testEngine,
  type TestApp,
  type TestDatabase,
} from '../../test/harness.ts';
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

/**
 * Through the API: a request whose connection is lost answers 503 database_unavailable (never 500), and the
 * next requests work once PostgreSQL takes connections again, without a restart.
 */
describe.runIf(testEngine === 'postgres')('a lost PostgreSQL connection, through the API', () => {
  let t: TestApp;
  let killer: pg.Client;
  const contact = (i: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contacts/',
      remoteAddress: `10.29.0.${i}`,
      payload: { name: 'Meron', email: `meron.${i}@example.com`, message: 'Do you teach Tigrigna?' },
    });
  const terminateAll = () =>
    killer.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
  beforeAll(async () => {
    t = await createTestApp({}, (app) => {
      app.post('/api/_write_then_lose', async () => {
        await app.db.transaction(async (tx) => {
          const [{ pid }] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
          await killer.query('select pg_terminate_backend($1)', [pid]);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`select 1`);
        });
        return { ok: true };
      });
    });
    killer = new pg.Client({ connectionString: t.database.url });
    await killer.connect();
  });
  afterAll(async () => {
    await killer.end();
    await t.close();
  });

  it('answers the request in flight with 503, then serves the next requests', async () => {
    const lost = await t.app.inject({ method: 'POST', url: '/api/_write_then_lose' });
    expect(lost.statusCode).toBe(503);
    expect(lost.json()).toEqual({ detail: httpMessages.databaseUnavailable, code: 'database_unavailable' });
    expect((await contact(1)).statusCode).toBe(201);
  });

  it('serves again after every connection of the database was ended, twice', async () => {
    for (const round of [2, 3]) {
      // Connections the pool holds idle learn of the end while waiting; the next request opens new ones.
      expect((await contact(round * 10)).statusCode).toBe(201);
      await terminateAll();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const after = await contact(round * 10 + 1);
      expect([201, 503]).toContain(after.statusCode);
      expect((await contact(round * 10 + 2)).statusCode).toBe(201);
    }
  });
});
