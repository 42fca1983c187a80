import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { publish, subscribe } from './cache-bus.ts';

/** A cached value with its validator (a weak ETag of its JSON). */
type Entry<T = unknown> = { readonly value: T; readonly etag: string };

/** Hits and misses per cache name, for `/api/metrics` (a name is shared by every cache of that kind). */
export const cacheCounters = new Map<string, { hits: number; misses: number }>();
/** A cache's hit and miss counters (shared by every cache of that name), created on first use. */
export function countersFor(name: string) {
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

/** Counts the public caches' invalidations (here and from other instances): what a rendered page depends on. */
let publicVersion = 0;
/** Changes whenever any public read may have changed: a page rendered from them before is out of date. */
export const publicDataVersion = () => publicVersion;

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

  constructor(ttlMs = 60_000, options: PublicCacheOptions = {}) {
    this.name = options.name ?? 'public';
    this.entries = new LRUCache({
      max: options.max ?? 1_000,
      ttl: ttlMs,
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
      const entry: Entry = { value, etag };
      const found = value !== null && value !== undefined;
      if (!found) this.misses.set(key, true);
      // A load that a write overtook answers its caller but is not kept.
      if (found && !slot.stale) this.entries.set(key, entry);
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
    publicVersion += 1;
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

/**
 * Public reads may be kept by a CDN or reverse proxy in front (docs/deploy.md): a shared cache serves an answer for
 * 30 s and a stale one for up to 5 minutes while it fetches the next (the in-process cache and the NOTIFY bus keep
 * the origin itself current at once). Browsers revalidate every time (max-age=0, answered 304 by the ETag), so a
 * family or an admin never sees their own write late in their own browser.
 */
export const publicCacheControl = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300';

/** Each cached value's body as the route serialises it, per route (a value may be served by several). */
const serialized = new WeakMap<object, Map<string, string>>();

/**
 * Answers a cached read: 304 when the browser already has this version; otherwise with the ETag, the body as a
 * prepared buffer (issue 17): a JSON string (a body prepared by the service) as it is, an object serialised by
 * the route's own serializer (its response schema) once per cached value, gzip and brotli made once.
 */
export function withEtag<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: { value: T; etag: string },
): FastifyReply {
  reply.header('etag', cached.etag).header('cache-control', publicCacheControl);
  if (request.headers['if-none-match'] === cached.etag) return reply.status(304).send();
  const value = cached.value;
  if (typeof value === 'string') return sendPreparedJson(reply, value);
  if (typeof value !== 'object' || value === null || !cached.etag) return reply.send(value);
  const route = `${request.method} ${request.routeOptions.url ?? ''}`;
  let byRoute = serialized.get(value);
  if (!byRoute) serialized.set(value, (byRoute = new Map()));
  let json = byRoute.get(route);
  if (json === undefined) {
    json = reply.serialize(value) as string;
    byRoute.set(route, json);
  }
  return sendPreparedJson(reply, json);
}

/** The better of brotli and gzip that the client accepts (any q above 0), or none. */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let gzip = false;
  for (const part of value.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : null;
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
  options: { etag?: boolean } = {},
) {
  const forms = preparedFor(text);
  reply.type(contentType);
  if (options.etag) {
    forms.etag ??= `W/"${createHash('sha1').update(forms.identity).digest('base64url')}"`;
    reply.header('etag', forms.etag);
    if (reply.request.headers['if-none-match'] === forms.etag) return reply.status(304).send();
  }
  if (forms.identity.length < compressThreshold) return reply.send(forms.identity);
  const vary = reply.getHeader('vary');
  reply.header('vary', typeof vary === 'string' && vary ? `${vary}, Accept-Encoding` : 'accept-encoding');
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
 * cache filled; its ETag is the cache entry's (`withEtag`).
 */
export function sendPreparedJson(reply: FastifyReply, json: string) {
  return sendPreparedText(reply, json, 'application/json; charset=utf-8');
}
