import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config.ts';

/**
 * Counters shared by every instance when REDIS_URL is set (issue 16 item 2), in memory otherwise: the per-route
 * limits of @fastify/rate-limit and the sign-in throttle count the same totals whatever the number of instances.
 */
export interface CounterStore {
  /** Adds one to `key` and answers the count within its window (the window starts at the first hit). */
  hit(key: string, windowMs: number): Promise<number>;
  /** The current count of `key` (0 when its window has passed). */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/** One process's counters, bounded (an LRU forgets the oldest keys under a flood of distinct ones). */
export class MemoryCounterStore implements CounterStore {
  // At most 100,000 keys, counted through `maxSize` rather than `max`: with `max` the cache sets aside its full
  // tables at start (2.7 MB of an instance that may never count more than a few keys; DESIGN §4 memory).
  private readonly entries = new LRUCache<string, { n: number; until: number }>({
    maxSize: 100_000,
    sizeCalculation: () => 1,
  });

  async hit(key: string, windowMs: number, now = Date.now()): Promise<number> {
    const entry = this.entries.get(key);
    if (!entry || entry.until <= now) {
      this.entries.set(key, { n: 1, until: now + windowMs });
      return 1;
    }
    entry.n += 1;
    return entry.n;
  }

  async count(key: string, now = Date.now()): Promise<number> {
    const entry = this.entries.get(key);
    return entry && entry.until > now ? entry.n : 0;
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }
}

// INCR, and the expiry only on the first hit, in one step: the window cannot be extended by later hits.
const hitScript = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/** Counters in Redis; when Redis cannot answer, this instance counts alone rather than failing the request. */
export class RedisCounterStore implements CounterStore {
  private readonly fallback = new MemoryCounterStore();
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly onError: (err: unknown) => void;

  constructor(redis: Redis, prefix: string, onError: (err: unknown) => void) {
    this.redis = redis;
    this.prefix = prefix;
    this.onError = onError;
  }

  async hit(key: string, windowMs: number): Promise<number> {
    try {
      return Number(await this.redis.eval(hitScript, 1, this.prefix + key, String(windowMs)));
    } catch (err) {
      this.onError(err);
      return this.fallback.hit(key, windowMs);
    }
  }

  async count(key: string): Promise<number> {
    try {
      return Number((await this.redis.get(this.prefix + key)) ?? 0);
    } catch (err) {
      this.onError(err);
      return this.fallback.count(key);
    }
  }

  async reset(key: string): Promise<void> {
    await this.fallback.reset(key);
    try {
      await this.redis.del(this.prefix + key);
    } catch (err) {
      this.onError(err);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared counters (sign-in throttle); Redis when REDIS_URL is set. */
    counters: CounterStore;
  }
}

/**
 * One Redis client for the app's lifetime (reconnecting with backoff; a request never waits long for it), the
 * rate-limit plugin on it (routes opt in with `config.rateLimit`), and `app.counters`.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  if (!config.redisUrl) {
    app.decorate('counters', new MemoryCounterStore());
    await app.register(rateLimit, { global: false });
    return;
  }
  // Loaded only when Redis is configured (DESIGN §4 memory budgets: a single instance never needs the client).
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.redisUrl, {
    connectTimeout: 2000,
    // A command fails at once while Redis is away (the limits then count per instance) instead of queueing.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 200, 5000),
  });
  let lastWarning = 0;
  const warn = (err: unknown) => {
    // One line a minute at most while Redis is down.
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    app.log.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'redis unavailable; counting locally',
    );
  };
  redis.on('error', warn);
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
  const prefix = config.redisPrefix;
  app.decorate('counters', new RedisCounterStore(redis, `${prefix}c:`, warn));
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${prefix}rl:`,
    // Redis away: serve rather than refuse everyone (the sign-in throttle still counts locally).
    skipOnError: true,
  });
}
