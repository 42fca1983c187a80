/**
 * In-memory cache of each tutor's booked ranges per month (DESIGN §4: month availability p99 under 10 ms at 50
 * connections, while PGlite answers one query at a time). Entries are invalidated by every session write for
 * that tutor (`invalidateTutorBookings`), here and, through the cache bus, on every other API instance on the
 * same PostgreSQL (lib/cache-bus.ts); they also expire after a few seconds, a safety net should a message be
 * lost. The booking itself never trusts this cache: it re-checks in the database under a per-tutor lock.
 *
 * Bounded (issue 16): at most `maxEntries` entries, least recently used first out, and nothing is kept for an
 * id that does not exist (a load that answers null or undefined is not stored).
 */
import { LRUCache } from 'lru-cache';
import { publish, subscribe } from '../../../platform/cache/cache-bus.ts';
import { countersFor } from '../../../platform/cache/public-cache.ts';
import { onEvent } from '../../../platform/events.ts';
import { publishGauge } from '../../../platform/metrics.ts';

/** A booked range of an active session; a held one stops counting once its hold lapses. */
export type BookedRange = { startsAt: number; endsAt: number; holdExpiresAt: number | null };

const ttlMs = 10_000;
const maxEntries = 5_000;
const busName = 'booked';

/** Key: `<tutorId>|<scope>|<key>`; the value is wrapped so that any value (even falsy) can be stored. */
const entries = new LRUCache<string, { value: unknown }>({ max: maxEntries, ttl: ttlMs });
/** Loads in flight; one that a write overtakes is marked stale and does not store what it read. */
const pending = new Map<string, { promise: Promise<unknown>; stale: boolean }>();
/**
 * Tutors whose last load found nothing: the caller's own invalidation, which comes right after, is then a no-op
 * (once; should a write's come first, the caller's does the work instead).
 */
const misses = new LRUCache<number, true>({ max: 256, ttl: 1_000 });
const scopeIds = new WeakMap<object, number>();
let nextScope = 1;

/** Hits, misses and entries, reported at `/api/metrics` as the cache named `booked`. */
export const bookedCacheCounters = countersFor('booked');
export function bookedCacheSize() {
  return entries.size;
}
publishGauge('cache_booked_entries', 'Entries in the month-availability cache (bounded)', bookedCacheSize);

/** One cache space per database handle (tests open many databases in one process). */
function scopeOf(scope: object): number {
  let id = scopeIds.get(scope);
  if (id === undefined) {
    id = nextScope++;
    scopeIds.set(scope, id);
  }
  return id;
}

/** The cached value for (database, tutor, key), loaded once even when many requests ask together. */
export async function cachedForTutor<T>(
  scope: object,
  tutorId: number,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const k = `${tutorId}|${scopeOf(scope)}|${key}`;
  const hit = entries.get(k);
  if (hit) {
    bookedCacheCounters.hits += 1;
    return hit.value as T;
  }
  bookedCacheCounters.misses += 1;
  const inflight = pending.get(k);
  if (inflight) return inflight.promise as Promise<T>;
  const slot = { promise: null as unknown as Promise<T>, stale: false };
  slot.promise = load()
    .then((value) => {
      if (value === null || value === undefined) misses.set(tutorId, true);
      else if (!slot.stale) entries.set(k, { value });
      return value;
    })
    .finally(() => {
      if (pending.get(k) === slot) pending.delete(k);
    });
  pending.set(k, slot);
  return slot.promise;
}

/** Forgets every cached month of a tutor in this process (what the bus calls for another instance's write). */
function dropTutor(tutorId: number | null) {
  const prefix = tutorId === null ? '' : `${tutorId}|`;
  for (const k of [...entries.keys()]) if (k.startsWith(prefix)) entries.delete(k);
  for (const [k, slot] of pending) {
    if (k.startsWith(prefix)) {
      slot.stale = true;
      pending.delete(k);
    }
  }
}

subscribe(busName, (key) => dropTutor(key === null || key === '' ? null : Number(key)));
// A tutor's schedule edited in the catalog (availability, time off, time zone).
onEvent('tutor.schedule-changed', ({ tutorId }) => invalidateTutorBookings(tutorId));

/**
 * Forgets every cached month of a tutor, here and on every other instance. Call it after any write to that
 * tutor's sessions or availability (bookings, payments, cancellations, hold expiry, schedule edits).
 */
export function invalidateTutorBookings(tutorId: number): void {
  // The caller forgetting a miss it just met (an unknown tutor or subject): nothing was stored, here or
  // elsewhere, so nothing is dropped and no instance is told (a client cannot make the instances chatter).
  if (misses.delete(tutorId)) return;
  dropTutor(tutorId);
  publish(busName, String(tutorId));
}
