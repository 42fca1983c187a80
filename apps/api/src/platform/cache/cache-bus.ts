import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database } from '../db/client.ts';
import { PgListener } from './pg-listener.ts';

/**
 * The cache bus (DESIGN §3, issue 16): every in-process cache's invalidation goes through `publish`, which sends
 * it to the other API instances on one PostgreSQL with NOTIFY; every instance LISTENs on one dedicated,
 * reconnecting connection and drops the same entries. On the embedded database there is one process, so the
 * bus stays in process (the cache has already dropped its own entries).
 *
 * Caches subscribe by name (`subscribe('directory', key => …)`); a message names a cache and a key (a prefix or
 * an id, as that cache understands it). A key of `null` means "everything": sent to every cache after the
 * listening connection came back, since messages sent while it was away are lost.
 */

export const cacheChannel = 'tibeb_cache';
/** NOTIFY payloads must stay under 8000 bytes. */
const maxPayload = 7000;
const maxQueued = 5000;

type Handler = (key: string | null) => void;

const handlers = new Map<string, Set<Handler>>();
const buses = new Set<CacheBus>();
const stats = { published: 0, received: 0, reconnects: 0 };

/** Counters for the metrics endpoint. */
export function cacheBusStats() {
  return { ...stats, listening: [...buses].some((b) => b.listening) };
}

/** Drops `key` (or everything, for null) in every cache of this process called `cache` when another instance says so. */
export function subscribe(cache: string, handler: Handler): () => void {
  let set = handlers.get(cache);
  if (!set) handlers.set(cache, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

function deliver(cache: string, key: string | null) {
  for (const handler of handlers.get(cache) ?? []) handler(key);
}

/** Drops everything every cache of this process holds. */
function deliverAll() {
  for (const [cache] of handlers) deliver(cache, null);
}

/**
 * Drops `key` in every cache called `cache`: in this process at once (every subscriber of that name, so that
 * caches of one kind stay coherent with each other here too: a blog write reaches the sitemap), and on the other
 * instances through the bus. Messages of one turn of the event loop go out together, deduplicated (a burst of
 * writes costs one NOTIFY).
 */
export function publish(cache: string, key: string): void {
  deliver(cache, key);
  for (const bus of buses) bus.enqueue(cache, key);
}

/**
 * One value remembered for `ttlMs` on each instance (a setting read by every booking), dropped here and on every
 * other instance by `forget()` (issue 16: coherent caches). A load that a `forget()` overtook stores nothing, so
 * a value read before a write is never remembered after it.
 */
export class BusMemo<T> {
  private readonly name: string;
  private readonly ttlMs: number;
  private entry: { value: T; until: number } | null = null;
  private generation = 0;

  constructor(name: string, ttlMs: number) {
    this.name = name;
    this.ttlMs = ttlMs;
    subscribe(name, () => this.drop());
  }

  /** The remembered value, or `load()`'s (remembered unless a `forget()` came meanwhile); `fresh` reads again. */
  async get(load: () => Promise<T>, opts: { fresh?: boolean } = {}): Promise<T> {
    const now = Date.now();
    if (!opts.fresh && this.entry && this.entry.until > now) return this.entry.value;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) this.entry = { value, until: now + this.ttlMs };
    return value;
  }

  /** Forgets the value here and on every other instance. Call it after the write has committed. */
  forget(): void {
    publish(this.name, '');
  }

  private drop() {
    this.entry = null;
    this.generation += 1;
  }
}

class CacheBus {
  readonly origin = randomBytes(6).toString('base64url');
  private readonly queued = new Set<string>();
  private scheduled = false;
  private readonly listener: PgListener;
  private readonly log: FastifyBaseLogger;

  constructor(connect: () => pg.Client, log: FastifyBaseLogger) {
    this.log = log;
    this.listener = new PgListener({
      channel: cacheChannel,
      connect,
      log,
      name: 'cache bus',
      onPayload: (payload) => this.onPayload(payload),
      onListening: (again) => {
        if (again) {
          // Whatever other instances said while this one was away is lost: start again from the database.
          stats.reconnects += 1;
          deliverAll();
          this.log.info('cache bus: listening again; caches dropped');
        }
        if (this.queued.size > 0) void this.flush();
      },
    });
  }

  get listening() {
    return this.listener.listening;
  }

  async start() {
    await this.listener.start();
  }

  enqueue(cache: string, key: string) {
    if (this.queued.size >= maxQueued) {
      this.queued.clear();
      this.queued.add(`*\u0000`); // too many to name: everyone drops everything
    } else this.queued.add(`${cache}\u0000${key}`);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => void this.flush());
    }
  }

  private async flush(client = this.listener.client) {
    this.scheduled = false;
    if (!client || this.queued.size === 0) return; // sent once connected again
    const items = [...this.queued].map((item) => item.split('\u0000') as [string, string]);
    this.queued.clear();
    const payloads: string[] = [];
    let batch: [string, string][] = [];
    const body = (list: [string, string][]) => JSON.stringify({ o: this.origin, m: list });
    for (const item of items) {
      if (batch.length > 0 && body([...batch, item]).length > maxPayload) {
        payloads.push(body(batch));
        batch = [];
      }
      batch.push(item[1].length > maxPayload / 2 ? [item[0], ''] : item);
    }
    if (batch.length > 0) payloads.push(body(batch));
    try {
      for (const payload of payloads) {
        await client.query('select pg_notify($1, $2)', [cacheChannel, payload]);
        stats.published += 1;
      }
    } catch (err) {
      // The connection broke: resend everything after reconnecting (it only costs a few cache misses).
      for (const [cache, key] of items) this.queued.add(`${cache}\u0000${key}`);
      this.log.warn({ err }, 'cache bus: notify failed, will resend after reconnecting');
    }
  }

  private onPayload(payload: string) {
    let parsed: { o?: string; m?: [string, string][] };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.o === this.origin || !Array.isArray(parsed.m)) return;
    stats.received += 1;
    for (const [cache, key] of parsed.m) {
      if (cache === '*') deliverAll();
      else deliver(cache, key);
    }
  }

  async close() {
    buses.delete(this);
    // What this instance dropped last still goes out before the connection ends.
    await this.listener.close((client) => this.flush(client));
  }
}

/**
 * Starts the bus of an app's database: on PostgreSQL a dedicated LISTEN connection with the pool's settings,
 * on the embedded database nothing (one process). Answers the function that stops it.
 */
export async function startCacheBus(
  database: Database,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  if (database.engine !== 'postgres') return async () => {};
  const pool = (database.db as unknown as { $client: pg.Pool & { options: pg.ClientConfig } }).$client;
  const { default: pgModule } = await import('pg');
  const bus = new CacheBus(() => new pgModule.Client({ ...pool.options }), log);
  buses.add(bus);
  await bus.start();
  return () => bus.close();
}

/** Starts the bus when the app is ready and stops it when the app closes. */
export function registerCacheBus(
  app: {
    addHook: (name: 'onReady' | 'onClose', hook: () => Promise<void>) => unknown;
    log: FastifyBaseLogger;
  },
  database: Database,
) {
  let stop: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    stop = await startCacheBus(database, app.log);
  });
  app.addHook('onClose', async () => {
    await stop?.();
    // What this process's caches remember belongs to the database of the app that closed: an app started next in
    // the same process (the API tests start one per file in each worker) must not read it.
    deliverAll();
  });
}
