import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { SNAPSHOT_CACHE_MAX_BYTES, snapshotCached } from './reports.cache.ts';

/** Kept results are bounded by bytes too (decision 246): the CSV's report holds every tutor, however many. */
describe('results kept while the data is the same, bounded by bytes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ tutor_name: `Tutor ${i}`, sessions: i }));

  it('keeps a result of ordinary size, and does not keep one larger than the budget', async () => {
    // One repeatable-read transaction sees one snapshot throughout: on PostgreSQL the snapshot moves with every
    // write on the server, the other test files' too, which would make every read here a new key.
    await t.database.db.transaction(
      async (db) => {
        let runs = 0;
        const small = async () => ({ run: ++runs, rows: rows(100) });
        expect((await snapshotCached(db, 'small', small)).run).toBe(1);
        await new Promise((r) => setImmediate(r));
        expect((await snapshotCached(db, 'small', small)).run).toBe(1);

        // About 40 characters a row: more rows than SNAPSHOT_CACHE_MAX_BYTES holds at two bytes a character.
        const huge = async () => ({ run: ++runs, rows: rows(SNAPSHOT_CACHE_MAX_BYTES / 60) });
        const first = (await snapshotCached(db, 'huge', huge)).run;
        await new Promise((r) => setImmediate(r));
        expect((await snapshotCached(db, 'huge', huge)).run).toBe(first + 1);
        // The ordinary result was not pushed out by the one that was too large.
        expect((await snapshotCached(db, 'small', small)).run).toBe(1);
      },
      { isolationLevel: 'repeatable read' },
    );
  });
});
