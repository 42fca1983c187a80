import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../../platform/db/client.ts';
import { databaseSnapshot } from './reports.repository.ts';

/** At most this many results per database handle; the least recently used go first. */
export const SNAPSHOT_CACHE_MAX = 16;
/** A result nobody asked for in this long is let go even if the data did not change. */
const IDLE_MS = 10 * 60_000;

const caches = new WeakMap<object, LRUCache<string, Promise<unknown>>>();

/**
 * A whole-period read (a report aggregates every row of its range) kept while the database shows the same data
 * (decision 241): keyed by the database snapshot, which any write transaction changes, so a kept result is
 * exactly what the read would answer now, on this instance or any other. Equal requests at the same time share
 * one computation; a failed one is not kept. Bounded: `SNAPSHOT_CACHE_MAX` results per database handle, each
 * the size of its answer (a report's months, currencies and subjects, and at most its tutor limit of tutors).
 */
export async function snapshotCached<T>(db: DbOrTx, key: string, build: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, Promise<unknown>>({
      max: SNAPSHOT_CACHE_MAX,
      ttl: IDLE_MS,
      updateAgeOnGet: true,
    });
    caches.set(db, cache);
  }
  const full = `${await databaseSnapshot(db)}|${key}`;
  const kept = cache.get(full);
  if (kept) return kept as Promise<T>;
  const made = build();
  cache.set(full, made);
  made.catch(() => {
    if (cache.get(full) === made) cache.delete(full);
  });
  return made;
}
