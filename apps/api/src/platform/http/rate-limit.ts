import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Config } from '../config.ts';

/**
 * The counters behind every limit (rate-limiter-flexible): in Redis when REDIS_URL is set, so every instance
 * counts one total (issue 16 item 2), in this process's memory otherwise. Callers add with `penalty(key, 1,
 * { customDuration: seconds })` (the window starts at a key's first hit and is not extended by later ones), read
 * with `get(key)`, clear with `delete(key)`, and compare the count with their own limit: one store, so one
 * bound on the memory it takes, serves limits of every size and window.
 */
export type Counters = RateLimiterAbstract;

/** A window in the whole seconds the counters keep (Redis expiries are in seconds; never 0, which is forever). */
export const windowSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Each caller compares a count with its own limit, and gives its window with every call. */
const CALLER_LIMITS = { points: Number.MAX_SAFE_INTEGER, duration: 60 };

/** Most keys one process counts in memory (DESIGN §4: no state grows without bound under a flood). */
const MEMORY_KEYS = 100_000;

/**
 * rate-limiter-flexible's memory counters, bounded: it forgets a key only when the key's window ends, so a flood
 * of distinct keys (addresses) would grow it for up to 15 minutes; past 100,000 keys the least recently counted
 * one is dropped. Also the insurance of the Redis counters (what this instance counts while Redis is away).
 */
export class BoundedMemoryCounters extends RateLimiterMemory {
  // Counted through `maxSize` rather than `max`: with `max` the cache sets aside its full tables at start
  // (2.7 MB for an instance that may never count more than a few keys; DESIGN §4 memory).
  private readonly recent: LRUCache<string, true>;

  constructor() {
    super({ ...CALLER_LIMITS, keyPrefix: 'c' });
    this.recent = new LRUCache<string, true>({
      maxSize: MEMORY_KEYS,
      sizeCalculation: () => 1,
      dispose: (_value, key, reason) => {
        if (reason === 'evict') void RateLimiterMemory.prototype.delete.call(this, key);
      },
    });
  }

  override consume(key: string | number, points?: number, options?: Record<string, unknown>) {
    this.recent.set(String(key), true);
    return super.consume(key, points, options);
  }

  override penalty(key: string | number, points?: number, options?: Record<string, unknown>) {
    this.recent.set(String(key), true);
    return super.penalty(key, points, options);
  }

  override delete(key: string | number, options?: Record<string, unknown>) {
    this.recent.delete(String(key));
    return super.delete(key, options);
  }
}

type RouteInfo = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * @fastify/rate-limit's store over the counters: the plugin keeps the routes' `config.rateLimit` options (max,
 * timeWindow, keyGenerator, errorResponseBuilder), its headers and its 429; each route counts in its own keys.
 */
class RouteCounterStore implements FastifyRateLimitStore {
  private readonly counters: Counters;
  private readonly scope: string;

  constructor(counters: Counters, scope: string) {
    this.counters = counters;
    this.scope = scope;
  }

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    this.counters.penalty(`${this.scope}|${key}`, 1, { customDuration: windowSeconds(timeWindow) }).then(
      (res: RateLimiterRes) => callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext }),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const { method, url } = (routeOptions as unknown as RouteInfo).routeInfo ?? {};
    return new RouteCounterStore(this.counters, `rl:${String(method ?? '')}${url ?? ''}`);
  }
}

/** How the limits are counting now (`/api/metrics`): with REDIS_URL, in Redis or, while it is away, locally. */
export type CountersState = {
  /** undefined without REDIS_URL; true while Redis answers; false while this instance counts alone. */
  shared: () => boolean | undefined;
  /** Counter operations this instance answered from its own memory because Redis did not (since start). */
  localFallbacks: () => number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared counters (the sign-in throttle counts in them too); Redis when REDIS_URL is set. */
    counters: Counters;
    countersState: CountersState;
  }
}

/**
 * The insurance of the Redis counters: what this instance counts while Redis is away, so a limit falls back to
 * per-instance counting, never to none (issue 29 item 1). Each use is counted and reported.
 */
class FallbackCounters extends BoundedMemoryCounters {
  uses = 0;
  private readonly onUse: () => void;

  constructor(onUse: () => void) {
    super();
    this.onUse = onUse;
  }

  private used() {
    this.uses += 1;
    this.onUse();
  }

  override consume(key: string | number, points?: number, options?: Record<string, unknown>) {
    this.used();
    return super.consume(key, points, options);
  }

  override penalty(key: string | number, points?: number, options?: Record<string, unknown>) {
    this.used();
    return super.penalty(key, points, options);
  }

  override get(key: string | number, options?: Record<string, unknown>) {
    this.used();
    return super.get(key, options);
  }

  override delete(key: string | number, options?: Record<string, unknown>) {
    this.used();
    return super.delete(key, options);
  }
}

/**
 * The counters (`app.counters`) and the rate-limit plugin on them: routes opt in with `config.rateLimit`. With
 * REDIS_URL, one Redis client for the app's lifetime (reconnecting with backoff; a request never waits for it):
 * while Redis is away each instance counts alone in memory, so the limits still hold per instance.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  const redis = config.redisUrl ? await redisCounters(app, config.redisUrl, config.redisPrefix) : null;
  app.decorate('counters', redis?.counters ?? new BoundedMemoryCounters());
  app.decorate('countersState', redis?.state ?? { shared: () => undefined, localFallbacks: () => 0 });
  const counted = app.counters;
  await app.register(rateLimit, {
    global: false,
    store: class extends RouteCounterStore {
      constructor() {
        super(counted, 'rl');
      }
    },
    // The counters answer from memory when Redis fails; an error left is a bug to serve past, not to refuse on.
    skipOnError: true,
  });
}

/** Longest a counter command may wait for Redis before this instance counts it alone. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

async function redisCounters(
  app: FastifyInstance,
  url: string,
  prefix: string,
): Promise<{ counters: Counters; state: CountersState }> {
  // Loaded only when Redis is configured (DESIGN §4 memory budgets: a single instance never needs the client).
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    connectTimeout: 2000,
    // A Redis that holds the connection but stops answering (paused, a partition) must not hold requests: a
    // command that waits longer fails, and the insurance counts it.
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // A command fails at once while Redis is away (the insurance counts) instead of queueing.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // Reconnects every 2 s at most: the limits are shared again within a few seconds of Redis's return.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let lastWarning = 0;
  let down = false;
  let reconnecting = false;
  const warn = (reason: string) => {
    down = true;
    // One line a minute at most while Redis is down.
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    app.log.warn({ err: reason }, 'redis unavailable; rate limits counted on this instance only');
  };
  redis.on('error', (err: unknown) => warn(err instanceof Error ? err.message : String(err)));
  redis.on('ready', () => {
    reconnecting = false;
    if (!down) return;
    down = false;
    app.log.info('redis available again; rate limits shared by every instance');
  });
  const insurance = new FallbackCounters(() => {
    warn(`redis ${redis.status}`);
    // The connection is up but Redis did not answer in time: reconnect, so that the next operations go
    // straight to the insurance (the connection is not ready) instead of each waiting for its timeout.
    if (redis.status === 'ready' && !reconnecting) {
      reconnecting = true;
      redis.disconnect(true);
    }
  });
  // Serve with shared counters from the first request, unless Redis cannot be reached within 2 s.
  app.addHook('onReady', async () => {
    if (redis.status === 'ready') return;
    // (not events.once: it would reject on the first connection error, which the client retries by itself)
    await Promise.race([
      new Promise((resolve) => redis.once('ready', resolve)),
      new Promise((resolve) => setTimeout(resolve, 2000).unref()),
    ]);
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  const counters = new RateLimiterRedis({
    ...CALLER_LIMITS,
    storeClient: redis,
    keyPrefix: `${prefix}c`,
    // Not connected: straight to the insurance, without sending a command.
    rejectIfRedisNotReady: true,
    insuranceLimiter: insurance,
  });
  return {
    counters,
    state: { shared: () => redis.status === 'ready' && !reconnecting, localFallbacks: () => insurance.uses },
  };
}
