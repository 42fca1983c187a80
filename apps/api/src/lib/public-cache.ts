import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { publish, subscribe } from './cache-bus.ts';
import { acceptedEncoding, offerToFront, type Freshness } from './front-answers.ts';

/**
 * A cached value with its validator. Fresh while the cache holds it and its time has not run out: an answer
 * made from it may be repeated until then (lib/front-answers.ts).
 */
class Entry<T = unknown> implements Freshness {
  /** Set when the cache lets it go (an invalidation, a newer value, the size bound) or never kept it. */
  dropped = false;

  readonly value: T;
  readonly etag: string;
  readonly #expires: number;

  constructor(value: T, etag: string, expires: number) {
    this.value = value;
    this.etag = etag;
    this.#expires = expires;
  }

  get fresh() {
    return !this.dropped && performance.now() < this.#expires;
  }
}

/** Hits and misses per cache name, for `/api/metrics` (a name is shared by every cache of that kind). */
export const cacheCounters = new Map<string, { hits: number; misses: number }>();
function countersFor(name: string) {
  let counters = cacheCounters.get(name);
  if (!counters) cacheCounters.set(name, (counters = { hits: 0, misses: 0 }));
  return counters;
}

/** Every live cache of this process by name, so that another instance's invalidation reaches them. */
const live = new Map<string, Set<WeakRef<PublicCache>>>();
const collected = new FinalizationRegistry<{ name: string; ref: WeakRef<PublicCache> }>(({ name, ref }) =>
  live.get(name)?.delete(ref),
);
function track(name: string, cache: PublicCache) {
  let set = live.get(name);
  if (!set) {
    live.set(name, (set = new Set()));
    subscribe(name, (key) => {
      for (const ref of set!) ref.deref()?.drop(key ?? '');
    });
  }
  const ref = new WeakRef(cache);
  set.add(ref);
  collected.register(cache, { name, ref });
}

export type PublicCacheOptions = {
  /** Caches of one kind share a name; another instance's invalidation reaches every cache of its name. */
  name?: string;
  /** At most this many entries; the least recently used go first (issue 16: bounded state). */
  max?: number;
};

/**
 * Public reads that change rarely (tutors, subjects, offers, blog lists) are served from memory (DESIGN §4:
 * PGlite answers one query at a time). Every write calls `invalidate(prefix)`, which also reaches the other
 * instances through the cache bus (lib/cache-bus.ts); entries also expire after `ttlMs`, a safety net should a
 * message be lost. A load that answers null or undefined (an unknown id) is not stored.
 */
export class PublicCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly pending = new Map<string, { promise: Promise<Entry>; stale: boolean }>();
  /** Keys whose last load found nothing: the caller's own `invalidate(key)` right after is not broadcast. */
  private readonly misses = new LRUCache<string, true>({ max: 256, ttl: 1_000 });
  private readonly name: string;
  private readonly counters: { hits: number; misses: number };
  private readonly ttlMs: number;

  constructor(ttlMs = 60_000, options: PublicCacheOptions = {}) {
    this.name = options.name ?? 'public';
    this.ttlMs = ttlMs;
    this.entries = new LRUCache({
      max: options.max ?? 1_000,
      ttl: ttlMs,
      dispose: (entry) => {
        entry.dropped = true;
      },
    });
    this.counters = countersFor(this.name);
    track(this.name, this);
  }

  /** The cached value for `key`, loading it once even when many requests ask at the same time. */
  async get<T>(key: string, load: () => Promise<T>): Promise<{ value: T; etag: string }> {
    const hit = this.entries.get(key);
    if (hit) {
      this.counters.hits += 1;
      return hit as { value: T; etag: string };
    }
    this.counters.misses += 1;
    const inflight = this.pending.get(key);
    if (inflight) return inflight.promise as Promise<{ value: T; etag: string }>;
    const slot = { promise: null as unknown as Promise<Entry>, stale: false };
    slot.promise = (async () => {
      const value = await load();
      const etag = `W/"${createHash('sha1')
        .update(typeof value === 'string' ? value : JSON.stringify(value ?? null))
        .digest('base64url')}"`;
      const entry = new Entry(value, etag, performance.now() + this.ttlMs);
      const found = value !== null && value !== undefined;
      if (!found) this.misses.set(key, true);
      if (found && !slot.stale) this.entries.set(key, entry);
      // Not kept (a miss, or a load a write overtook): never fresh.
      else entry.dropped = true;
      return entry;
    })().finally(() => {
      if (this.pending.get(key) === slot) this.pending.delete(key);
    });
    this.pending.set(key, slot);
    return slot.promise as Promise<{ value: T; etag: string }>;
  }

  /** Forgets every entry whose key starts with `prefix`, here and (through the bus) on every other instance. */
  invalidate(prefix = '') {
    if (prefix && this.misses.delete(prefix)) return; // the miss was never stored anywhere
    this.drop(prefix);
    publish(this.name, prefix);
  }

  /** Forgets entries here only (what the bus calls for another instance's invalidation). */
  drop(prefix: string) {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
    // A load that started before the write must not store what it read.
    for (const [key, slot] of this.pending) {
      if (key.startsWith(prefix)) {
        slot.stale = true;
        this.pending.delete(key);
      }
    }
  }

  get size() {
    return this.entries.size;
  }
}

/** Each cached value's body as the route serialises it, per route (a value may be served by several). */
const serialized = new WeakMap<object, Map<string, string>>();

/**
 * Answers a cached read: 304 when the browser already has this version; otherwise with the ETag, the body as a
 * prepared buffer (issue 17): a JSON string (a body prepared by the service) as it is, an object serialised by
 * the route's own serializer (its response schema) once per cached value, gzip and brotli made once. An answer
 * from a cache entry may be repeated while the entry is current (lib/front-answers.ts, routes with
 * `config.front`).
 */
export function withEtag<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: { value: T; etag: string },
): FastifyReply {
  reply.header('etag', cached.etag).header('cache-control', 'public, max-age=0, must-revalidate');
  if (request.headers['if-none-match'] === cached.etag) return reply.status(304).send();
  const value = cached.value;
  const freshness = cached instanceof Entry ? cached : undefined;
  if (typeof value === 'string') return sendPreparedJson(reply, value, freshness);
  if (typeof value !== 'object' || value === null || !cached.etag) return reply.send(value);
  const route = `${request.method} ${request.routeOptions.url ?? ''}`;
  let byRoute = serialized.get(value);
  if (!byRoute) serialized.set(value, (byRoute = new Map()));
  let json = byRoute.get(route);
  if (json === undefined) {
    json = reply.serialize(value) as string;
    byRoute.set(route, json);
  }
  return sendPreparedJson(reply, json, freshness);
}

/** A prepared body in the forms it goes out in, each made once per change (issue 17), and its validator. */
type Prepared = { identity: Buffer; gzip?: Buffer; br?: Buffer; etag?: string };
/** Bodies below this size go out as they are: compressing them saves nothing on the wire. */
const compressThreshold = 1024;
/**
 * Prepared bodies by their text. The caches hand out the same string object until the next change, and V8 keeps
 * a string's hash, so a lookup costs little; a changed body is a new string and a new entry. Bounded by size
 * (the text, its bytes, and room for the compressed forms made later).
 */
const prepared = new LRUCache<string, Prepared>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (forms, text) => text.length + forms.identity.length * 2,
});

function preparedFor(text: string): Prepared {
  let forms = prepared.get(text);
  if (!forms) prepared.set(text, (forms = { identity: Buffer.from(text) }));
  return forms;
}

/**
 * Sends a text the server sends again and again (a cached JSON answer, the web app's page) as a prepared buffer:
 * its gzip and brotli forms made on first use after each change, so a request costs a lookup and a write, never
 * a compression (@fastify/compress, which the route's answer then bypasses, would compress it every time). With
 * `etag`, the answer carries a validator made once, and a browser that has this version gets a 304.
 */
export function sendPreparedText(
  reply: FastifyReply,
  text: string,
  contentType: string,
  options: { etag?: boolean; freshness?: Freshness } = {},
) {
  const forms = preparedFor(text);
  if (options.freshness) offerToFront(reply, options.freshness);
  reply.type(contentType);
  if (options.etag) {
    forms.etag ??= `W/"${createHash('sha1').update(forms.identity).digest('base64url')}"`;
    reply.header('etag', forms.etag);
    if (reply.request.headers['if-none-match'] === forms.etag) return reply.status(304).send();
  }
  if (forms.identity.length < compressThreshold) return reply.send(forms.identity);
  reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(reply.request.headers['accept-encoding']);
  if (encoding === 'br') {
    forms.br ??= brotliCompressSync(forms.identity, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 9,
        [zlib.BROTLI_PARAM_SIZE_HINT]: forms.identity.length,
      },
    });
    return reply.header('content-encoding', 'br').send(forms.br);
  }
  if (encoding === 'gzip') {
    forms.gzip ??= gzipSync(forms.identity, { level: 9 });
    return reply.header('content-encoding', 'gzip').send(forms.gzip);
  }
  return reply.send(forms.identity);
}

/**
 * Sends a cached JSON body as a prepared buffer (`sendPreparedText`): validated against the contract when the
 * cache filled; its ETag is the cache entry's (`withEtag`), whose freshness says how long it may be repeated.
 */
export function sendPreparedJson(reply: FastifyReply, json: string, freshness?: Freshness) {
  return sendPreparedText(reply, json, 'application/json; charset=utf-8', { freshness });
}
