import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { PublicCache } from '../../lib/public-cache.ts';

/**
 * The in-process cache of the directory's public reads (DESIGN §4): one per database handle, so that test
 * apps never share entries. Keys: `tutors:list`, `tutors:detail:<id>`, `subjects:list:<filter>`.
 */
const caches = new WeakMap<object, PublicCache>();

export function directoryCache(db: Db): PublicCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new PublicCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
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

/**
 * Sends a cached body: JSON already validated against the contract when the cache filled. A string with a
 * JSON content type goes out as it is, skipping per-request serialization (DESIGN §4 budget).
 */
export function sendCachedJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}
