import type { Db } from '../../platform/db/client.ts';
import { PACK_ABOVE_CHARS, PUBLIC_CACHE_MAX_BYTES, PublicCache } from '../../platform/cache/public-cache.ts';

/**
 * The in-process cache of the directory's public reads (DESIGN §4): one per database handle, so that test
 * apps never share entries. Keys: `tutors:list`, `tutors:detail:<id>`, `subjects:list:<filter>`.
 */
const caches = new WeakMap<object, PublicCache>();

export function directoryCache(db: Db): PublicCache {
  let cache = caches.get(db);
  if (!cache) {
    // Bounded (issue 16, decision 246): the list, the subject filters and up to a few hundred tutors' details, in
    // 8 MB whatever the data. The spec's full list grows with the tutors (9.8 MB of JSON at 20,000): past 1 MB it
    // is kept as its gzip only (`PackedJson`), so it stays within this budget.
    cache = new PublicCache(60_000, {
      name: 'directory',
      max: 500,
      maxBytes: 2 * PUBLIC_CACHE_MAX_BYTES,
      packAbove: PACK_ABOVE_CHARS,
    });
    caches.set(db, cache);
  }
  return cache;
}

const searchCaches = new WeakMap<object, PublicCache>();

/**
 * The directory search's answers (decision 239), keyed by the normalised query: `tutors:search:page:<query>` and
 * `tutors:search:total:<filters>`. Its own LRU, so that many different searches never push the list and the
 * details out; of the directory's kind (`name: 'directory'`), so every `tutors:` invalidation reaches it, here and
 * on every other instance. Bounded: at most 1,000 answers (a page is at most 50 tutors) and the default 4 MB (about
 * 200 pages of 12 tutors), whatever the data.
 */
export function searchCache(db: Db): PublicCache {
  let cache = searchCaches.get(db);
  if (!cache) {
    cache = new PublicCache(60_000, { name: 'directory', max: 1_000 });
    searchCaches.set(db, cache);
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
