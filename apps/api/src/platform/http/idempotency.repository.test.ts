import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { REPLAY_WINDOW_MS, type IdempotencyScope } from './idempotency.ts';
import { databaseIdempotencyStore } from './idempotency.repository.ts';

/** The database's key store (decision 248), on a fresh migrated database of either engine. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const scope = (key: string, over: Partial<IdempotencyScope> = {}): IdempotencyScope => ({
  userId: '00000000-0000-4000-8000-000000000001',
  key,
  route: 'POST /api/student/renewals/:id/ {"id":"r1"}',
  bodyHash: 'h1',
  ...over,
});
const answer = { status: 201, contentType: 'application/json; charset=utf-8', body: '{"id":"n1"}' };

describe('databaseIdempotencyStore', () => {
  it('one claim of many at once runs; the others wait ("in progress"), then get the stored answer', async () => {
    const store = databaseIdempotencyStore(database.db);
    const now = new Date();
    const claims = await Promise.all(Array.from({ length: 8 }, () => store.claim(scope('k-once'), now)));
    expect(claims.filter((c) => c.kind === 'new')).toHaveLength(1);
    expect(claims.filter((c) => c.kind === 'in_progress')).toHaveLength(7);
    await store.complete(scope('k-once'), answer, now);
    expect(await store.claim(scope('k-once'), now)).toEqual({ kind: 'replay', answer });
  });

  it('another body, route or user: a mismatch, or (another user) a key of its own', async () => {
    const store = databaseIdempotencyStore(database.db);
    const now = new Date();
    await store.claim(scope('k-two'), now);
    expect(await store.claim(scope('k-two', { bodyHash: 'h2' }), now)).toEqual({ kind: 'mismatch' });
    expect(await store.claim(scope('k-two', { route: 'POST /x/' }), now)).toEqual({ kind: 'mismatch' });
    expect(await store.claim(scope('k-two', { userId: null }), now)).toEqual({ kind: 'new' });
  });

  it('a released, stale or expired key runs again; expired keys are purged', async () => {
    const store = databaseIdempotencyStore(database.db);
    const now = new Date();
    await store.claim(scope('k-release'), now);
    await store.release(scope('k-release'));
    expect(await store.claim(scope('k-release'), now)).toEqual({ kind: 'new' });
    // A first request that never answered (its process died) is taken over after two minutes.
    expect(await store.claim(scope('k-release'), new Date(now.getTime() + 3 * 60_000))).toEqual({
      kind: 'new',
    });

    await store.claim(scope('k-old'), now);
    await store.complete(scope('k-old'), answer, now);
    const later = new Date(now.getTime() + REPLAY_WINDOW_MS + 1000);
    expect(await store.purge(later)).toBeGreaterThanOrEqual(1);
    expect(await store.claim(scope('k-old'), later)).toEqual({ kind: 'new' });
  });
});
