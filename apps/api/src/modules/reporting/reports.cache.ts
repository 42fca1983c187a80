import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../../platform/db/client.ts';
import { databaseSnapshot } from './reports.repository.ts';

/** At most this many results per database handle; the least recently used go first. */
export const SNAPSHOT_CACHE_MAX = 16;
/**
 * And at most this many bytes (two a character of a result's JSON): the CSV's report holds every tutor, which grows
 * with the data (DESIGN §4 "Growth", decision 246). A larger result is answered but not kept.
 */
export const SNAPSHOT_CACHE_MAX_BYTES = 8 * 1024 * 1024;
/** A result nobody asked for in this long is let go even if the data did not change. */
const IDLE_MS = 10 * 60_000;

const caches = new WeakMap<object, LRUCache<string, Promise<unknown>>>();

/**
 * A whole-period read (a report aggregates every row of its range) kept while the database shows the same data
 * (decision 241): keyed by the database snapshot, which any write transaction changes, so a kept result is
 * exactly what the read would answer now, on this instance or any other. Equal requests at the same time share
 * one computation; a failed one is not kept. Bounded: `SNAPSHOT_CACHE_MAX` results and `SNAPSHOT_CACHE_MAX_BYTES`
 * per database handle, a result counted at its size once computed.
 */
export async function snapshotCached<T>(db: DbOrTx, key: string, build: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, Promise<unknown>>({
      max: SNAPSHOT_CACHE_MAX,
      maxSize: SNAPSHOT_CACHE_MAX_BYTES,
      ttl: IDLE_MS,
      updateAgeOnGet: true,
    });
    caches.set(db, cache);
  }
  const full = `${await databaseSnapshot(db)}|${key}`;
  const kept = cache.get(full);
  if (kept) return kept as Promise<T>;
  const made = build();
  // While it computes, a result takes a place but no bytes; once made, it counts its size (or goes, if too large).
  cache.set(full, made, { size: 1 });
  made.then(
    (result) => {
      if (cache.get(full) === made)
        cache.set(full, made, { size: 2 * (JSON.stringify(result)?.length ?? 1) });
    },
    () => {
      if (cache.get(full) === made) cache.delete(full);
    },
  );
  return made;
}
