import type { Db } from '../../platform/db/client.ts';
import { PublicCache } from '../../platform/cache/public-cache.ts';

/**
 * The in-process cache of the directory's public reads (DESIGN §4): one per database handle, so that test
 * apps never share entries. Keys: `tutors:list`, `tutors:detail:<id>`, `subjects:list:<filter>`.
 */
const caches = new WeakMap<object, PublicCache>();

export function directoryCache(db: Db): PublicCache {
  let cache = caches.get(db);
  if (!cache) {
    // Bounded (issue 16): the list, the subject filters and up to a few hundred tutors' details.
    cache = new PublicCache(60_000, { name: 'directory', max: 500 });
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Invalidations also reach every other API instance on the same PostgreSQL (lib/cache-bus.ts).
 * Call after any write that changes what the public tutor reads show: a tutor's profile, its availability,
 * its reviews, or a subject (a tutor's category comes from its subject).
 */
export function invalidateTutorsCache(db: Db): void {
  directoryCache(db).invalidate('tutors:');
}

/** Call after any write to subjects; tutors carry their subject's category, so they go too. */
export function invalidateSubjectsCache(db: Db): void {
  directoryCache(db).invalidate('subjects:');
  directoryCache(db).invalidate('tutors:');
}
