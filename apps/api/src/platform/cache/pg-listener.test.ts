import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine, type TestDatabase } from '../../test/harness.ts';
import { PgListener } from './pg-listener.ts';

const silent = { warn: () => {}, info: () => {} } as unknown as ConstructorParameters<
  typeof PgListener
>[0]['log'];

/** The cache bus's and live messages' connection: it listens, and comes back after the server drops it. */
describe.runIf(testEngine === 'postgres')('PgListener (PostgreSQL)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('hears NOTIFY on its channel, listens again after its connection is killed, and hears again', async () => {
    const heard: string[] = [];
    const listening: boolean[] = [];
    const listener = new PgListener({
      channel: 'tibeb_test',
      connect: () => new pg.Client({ connectionString: database.url }),
      log: silent,
      name: 'test',
      onPayload: (payload) => heard.push(payload),
      onListening: (again) => listening.push(again),
    });
    await listener.start();
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    const notify = (payload: string) => other.query('select pg_notify($1, $2)', ['tibeb_test', payload]);
    await notify('one');
    await expect.poll(() => heard).toEqual(['one']);

    // The server drops the listening connection (a failover, an idle timeout): it comes back by itself.
    const pid = (await listener.client!.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!
      .pid;
    await other.query('select pg_terminate_backend($1)', [pid]);
    await expect.poll(() => listening, { timeout: 5000 }).toEqual([false, true]);
    await notify('two');
    await expect.poll(() => heard).toEqual(['one', 'two']);
    await listener.close();
    await other.end();
    expect(listener.listening).toBe(false);
  });
});
