import type { Db } from '../../platform/db/client.ts';
import { PublicCache } from '../../platform/cache/public-cache.ts';

const caches = new WeakMap<object, PublicCache>();

/**
 * A published tutor's pages of reviews (decision 244), keyed `tutors:reviews:<id>:<limit>:<offset>`: of the
 * directory's kind, so the `tutors:` invalidation every review write and every tutor change makes reaches it, here
 * and on every other instance. Its own LRU, so that many tutors' reviews never push the directory's list and
 * details out. Bounded: at most 2,000 pages of at most 20 reviews, whatever the data.
 */
export function reviewsCache(db: Db): PublicCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new PublicCache(60_000, { name: 'directory', max: 2_000 })));
  return cache;
}
