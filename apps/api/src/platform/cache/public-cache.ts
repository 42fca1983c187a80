import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompressSync, constants as zlib, createGunzip, gunzipSync, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { publish, subscribe } from './cache-bus.ts';

/** A cached value with its validator (a weak ETag of its JSON) and what it holds in memory, in bytes. */
type Entry<T = unknown> = { readonly value: T; readonly etag: string; readonly bytes: number };

const gzipAsync = promisify(gzip);

/**
 * A large JSON answer kept as its gzip only (decision 246): the spec's full tutor list is 9.8 MB at 20,000 tutors,
 * as a string in memory up to twice that, and its prepared forms again; its gzip is a small part of it. `withEtag`
 * sends the gzip to every client that accepts it (browsers, CDNs, brotli ones too) and inflates it as a stream for
 * the rare one that does not; `value` inflates the whole text, for a caller that needs it.
 */
export class PackedJson {
  readonly gzip: Buffer;
  readonly etag: string;

  constructor(gzip: Buffer, etag: string) {
    this.gzip = gzip;
    this.etag = etag;
  }

  get bytes() {
    return this.gzip.length;
  }

  get value(): string {
    return gunzipSync(this.gzip).toString();
  }
}

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
  /**
   * At most this many bytes (DESIGN §4: a cache never grows with the data unbounded; decision 246), each entry
   * counted by `heldBytes`. A value larger than the whole budget is answered but not kept.
   */
  maxBytes?: number;
  /**
   * A JSON string above this many characters is kept as its gzip only (`PackedJson`; for caches whose answers go
   * out through `withEtag`, which sends the gzip). Unset: every answer is kept whole.
   */
  packAbove?: number;
};

/** Each public cache's default budget: several kinds (directory, search, reviews, blog, ...) live in one instance. */
export const PUBLIC_CACHE_MAX_BYTES = 4 * 1024 * 1024;
/**
 * A JSON answer above 1 MB (0.5 % of an instance's 200 MB) is best kept compressed (`packAbove`): whole, it is held
 * as a string, its bytes and their compressed forms.
 */
export const PACK_ABOVE_CHARS = 1024 * 1024;

/**
 * What a cached value holds in memory, about: a string one byte a character when it is ASCII (V8 keeps it one-byte),
 * else up to two; an object, its JSON twice over (the objects, and the text a route serialises them to).
 */
function heldBytes(value: unknown, text: string) {
  if (typeof value !== 'string') return text.length * 2;
  return Buffer.byteLength(text) === text.length ? text.length : text.length * 2;
}

/** Counts the public caches' invalidations (here and from other instances): what a rendered page depends on. */
let publicVersion = 0;
/** Changes whenever any public read may have changed: a page rendered from them before is out of date. */
export const publicDataVersion = () => publicVersion;

/**
 * Public reads that change rarely (tutors, subjects, offers, blog lists) are served from memory (DESIGN §4:
 * PGlite answers one query at a time). Every write calls `invalidate(prefix)`, which also reaches the other
 * instances through the cache bus (lib/cache-bus.ts); entries also expire after `ttlMs`, a safety net should a
 * message be lost. A load that answers null or undefined (an unknown id) is not stored. Bounded in entries and in
 * bytes (`max`, `maxBytes`), whatever the data.
 */
export class PublicCache {
  private readonly entries: LRUCache<string, Entry | PackedJson>;
  private readonly pending = new Map<string, { promise: Promise<Entry | PackedJson>; stale: boolean }>();
  /** Keys whose last load found nothing: the caller's own `invalidate(key)` right after is not broadcast. */
  private readonly misses = new LRUCache<string, true>({ max: 256, ttl: 1_000 });
  private readonly name: string;
  private readonly counters: { hits: number; misses: number };
  private readonly packAbove: number;

  constructor(ttlMs = 60_000, options: PublicCacheOptions = {}) {
    this.name = options.name ?? 'public';
    this.packAbove = options.packAbove ?? Infinity;
    this.entries = new LRUCache({
      max: options.max ?? 1_000,
      maxSize: options.maxBytes ?? PUBLIC_CACHE_MAX_BYTES,
      sizeCalculation: (entry) => Math.max(1, entry.bytes),
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
    const slot = { promise: null as unknown as Promise<Entry | PackedJson>, stale: false };
    slot.promise = (async () => {
      const value = await load();
      const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
      const etag = `W/"${createHash('sha1').update(text).digest('base64url')}"`;
      // Compressed off the event loop (libuv's threads): a large list takes a moment, and requests go on meanwhile.
      const entry =
        typeof value === 'string' && value.length > this.packAbove
          ? new PackedJson(await gzipAsync(value, { level: 9 }), etag)
          : { value, etag, bytes: heldBytes(value, text) };
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

  /** The bytes its entries count (`maxBytes`). */
  get bytes() {
    return this.entries.calculatedSize;
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
  if (cached instanceof PackedJson) return sendPackedJson(reply, cached);
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

/** Which of brotli and gzip the client accepts (any q above 0; `*` counts as gzip). */
function acceptedEncodings(header: string | string[] | undefined) {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = { br: false, gzip: false };
  for (const part of value.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') accepted.br = true;
    if (name === 'gzip' || name === '*') accepted.gzip = true;
  }
  return accepted;
}

/** The better of brotli and gzip that the client accepts (any q above 0), or none. */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = acceptedEncodings(header);
  return accepted.br ? 'br' : accepted.gzip ? 'gzip' : null;
}

/** The answer's bytes depend on the client's Accept-Encoding: a shared cache must keep the forms apart. */
function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  reply.header('vary', typeof vary === 'string' && vary ? `${vary}, Accept-Encoding` : 'accept-encoding');
}

/**
 * Sends a JSON answer kept as its gzip (`PackedJson`): the gzip as it is, or, for a client that accepts no gzip,
 * inflated as a stream (no second copy of the whole text in memory).
 */
function sendPackedJson(reply: FastifyReply, packed: PackedJson) {
  varyOnEncoding(reply.type('application/json; charset=utf-8'));
  if (acceptedEncodings(reply.request.headers['accept-encoding']).gzip) {
    return reply.header('content-encoding', 'gzip').send(packed.gzip);
  }
  return reply.send(Readable.from([packed.gzip]).pipe(createGunzip()));
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

/**
 * Prepared bodies kept with the object their text was made from (`keepWith`), not in `prepared`: a rendered page
 * (decision 280). Each render is a new text, so in `prepared` every page's earlier renders would stay until the
 * LRU's 16 MB were full, though nobody can ask for them again; here they go when the render does.
 */
const preparedWith = new WeakMap<object, Prepared>();

const textOf = (body: string | (() => string)) => (typeof body === 'string' ? body : body());

function preparedFor(body: string | (() => string), keepWith?: object): Prepared {
  if (keepWith) {
    let forms = preparedWith.get(keepWith);
    if (!forms) preparedWith.set(keepWith, (forms = { identity: Buffer.from(textOf(body)) }));
    return forms;
  }
  const text = textOf(body);
  let forms = prepared.get(text);
  if (!forms) prepared.set(text, (forms = { identity: Buffer.from(text) }));
  return forms;
}

/** The bytes the shared prepared bodies count (for tests: what a render must not add to). */
export const sharedPreparedBytes = () => prepared.calculatedSize;

/**
 * Sends a text the server sends again and again (a cached JSON answer, the web app's page) as a prepared buffer:
 * its gzip and brotli forms made on first use after each change, so a request costs a lookup and a write, never
 * a compression (@fastify/compress, which the route's answer then bypasses, would compress it every time). With
 * `etag`, the answer carries a validator made once, and a browser that has this version gets a 304.
 */
export function sendPreparedText(
  reply: FastifyReply,
  text: string | (() => string),
  contentType: string,
  options: {
    etag?: boolean;
    /**
     * The object the text is made from: its prepared forms live as long as it does (decision 280), and a text
     * given as a function is made only when they are not there yet.
     */
    keepWith?: object;
  } = {},
) {
  const forms = preparedFor(text, options.keepWith);
  reply.type(contentType);
  if (options.etag) {
    forms.etag ??= `W/"${createHash('sha1').update(forms.identity).digest('base64url')}"`;
    reply.header('etag', forms.etag);
    if (reply.request.headers['if-none-match'] === forms.etag) return reply.status(304).send();
  }
  if (forms.identity.length < compressThreshold) return reply.send(forms.identity);
  varyOnEncoding(reply);
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
