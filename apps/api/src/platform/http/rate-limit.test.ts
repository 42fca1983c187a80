import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { parseTrustProxy } from '../config.ts';
import { createUser } from '../../modules/accounts/accounts.test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { BoundedMemoryCounters } from './rate-limit.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/5';

const resetRequest = (t: TestApp, remoteAddress: string, forwarded?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/password-reset/',
    payload: { email: 'someone@example.test' },
    remoteAddress,
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
  });

describe('client addresses are not the client’s to choose (issue 12 item 3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('without TRUST_PROXY, a made-up X-Forwarded-For does not escape the per-address limit', async () => {
    // The reset route allows 10 requests per address in 15 minutes.
    const answers = [];
    for (let i = 0; i < 11; i += 1)
      answers.push((await resetRequest(t, '10.60.0.1', `203.0.113.${i}`)).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(answers[10]).toBe(429);
    expect((await resetRequest(t, '10.60.0.2')).statusCode).toBe(200);
  });

  it('reads TRUST_PROXY as none, a hop count, or a list of addresses and CIDRs', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    const hops = parseTrustProxy('2') as (a: string, hop: number) => boolean;
    expect([hops('x', 0), hops('x', 1), hops('x', 2)]).toEqual([true, true, false]);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('10.0.0.0/99')).toThrow(/TRUST_PROXY/);
  });
});

describe('behind a configured proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: parseTrustProxy('127.0.0.1') });
  });
  afterAll(() => t.close());

  it('counts the client the proxy names, and ignores the header from anyone else', async () => {
    for (let i = 0; i < 10; i += 1)
      expect((await resetRequest(t, '127.0.0.1', '198.51.100.7')).statusCode).toBe(200);
    expect((await resetRequest(t, '127.0.0.1', '198.51.100.7')).statusCode).toBe(429);
    expect((await resetRequest(t, '127.0.0.1', '198.51.100.8')).statusCode).toBe(200);
    // Not from the proxy: the header is the client's own claim and is ignored.
    for (let i = 0; i < 10; i += 1) await resetRequest(t, '10.61.0.1', `198.51.100.${100 + i}`);
    expect((await resetRequest(t, '10.61.0.1', '198.51.100.200')).statusCode).toBe(429);
  });
});

/** Issue 16 item 2: two instances on one Redis count one total. */
describe('limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const redisPrefix = `test-${randomBytes(6).toString('hex')}:`;
    a = await createTestApp({ redisUrl, redisPrefix });
    b = await createTestApp({ redisUrl, redisPrefix });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('the route limits count requests to both instances together', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await resetRequest(a, '10.62.0.1')).statusCode).toBe(200);
      expect((await resetRequest(b, '10.62.0.1')).statusCode).toBe(200);
    }
    expect((await resetRequest(a, '10.62.0.1')).statusCode).toBe(429);
    expect((await resetRequest(b, '10.62.0.1')).statusCode).toBe(429);
  });

  it('the sign-in throttle counts failures on both instances together', async () => {
    const user = await createUser(a.app, 'student');
    const attempt = (t: TestApp, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/login/',
        payload: { username: user.username, password },
        remoteAddress: '10.62.0.9',
      });
    for (const t of [a, b, a, b, a]) expect((await attempt(t, 'wrong-1')).statusCode).toBe(401);
    const locked = await attempt(b, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toBe(accountMessages.tooManyAttempts);
  });

  it('keeps serving when Redis is away, and the limits still hold, counted on the instance', async () => {
    const down = await createTestApp({ redisUrl: 'redis://127.0.0.1:1/0', redisPrefix: 'down:' });
    try {
      const started = Date.now();
      for (let i = 0; i < 10; i += 1) expect((await resetRequest(down, '10.63.0.1')).statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(5000);
      const limited = await resetRequest(down, '10.63.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toEqual(expect.any(String));
      expect((await resetRequest(down, '10.63.0.2')).statusCode).toBe(200);

      const user = await createUser(down.app, 'student');
      const attempt = (password: string) =>
        down.app.inject({
          method: 'POST',
          url: '/api/accounts/login/',
          payload: { username: user.username, password },
          remoteAddress: '10.63.0.9',
        });
      for (let i = 0; i < 5; i += 1) expect((await attempt('wrong-1')).statusCode).toBe(401);
      const locked = await attempt(user.password);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().detail).toBe(accountMessages.tooManyAttempts);
    } finally {
      await down.close();
    }
  });
});

/**
 * A TCP proxy in front of Redis that a test can cut (connections closed, new ones refused), stall (connections
 * held, nothing forwarded: a paused Redis, a partition) and restore.
 */
async function redisProxy(target: { host: string; port: number }) {
  let mode: 'open' | 'stalled' = 'open';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('error', () => {});
    client.on('close', () => sockets.delete(client));
    if (mode === 'stalled') return client.pause();
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('error', () => {});
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = async (port = 0) => {
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    return (server.address() as net.AddressInfo).port;
  };
  const port = await listen();
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: (db: string) => `redis://127.0.0.1:${port}/${db}`,
    cut: async () => {
      dropAll();
      await new Promise((resolve) => server.close(resolve));
    },
    stall: () => {
      mode = 'stalled';
      for (const socket of sockets) socket.pause();
    },
    restore: async () => {
      dropAll();
      mode = 'open';
      if (!server.listening) await listen(port);
    },
    close: async () => {
      dropAll();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Issue 29 item 1: Redis lost mid-run (its connection cut, or held without answers) never turns a limit off:
 * each instance counts alone in memory, answers without waiting on Redis, says so in the log and the metrics,
 * and counts in Redis again once it is back.
 */
describe('limits while Redis is lost mid-run', () => {
  const metricsToken = 'metrics-token-for-tests-0123456789';
  const target = new URL(redisUrl);
  const metric = async (t: TestApp, name: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    const match = new RegExp(`^${name} (\\d+)$`, 'm').exec(res.body);
    return match ? Number(match[1]) : undefined;
  };

  for (const fault of ['cut', 'stall'] as const) {
    it(`keeps the per-address limit when the Redis connection is ${fault === 'cut' ? 'cut' : 'held without answers'}`, async () => {
      const proxy = await redisProxy({ host: target.hostname, port: Number(target.port) });
      const t = await createTestApp({
        redisUrl: proxy.url(target.pathname.slice(1)),
        redisPrefix: `test-${randomBytes(6).toString('hex')}:`,
        metricsToken,
      });
      const address = `10.64.${fault === 'cut' ? 1 : 2}.1`;
      try {
        expect(await metric(t, 'rate_limit_counters_shared')).toBe(1);
        // 3 of the route's 10 counted in Redis.
        for (let i = 0; i < 3; i += 1) expect((await resetRequest(t, address)).statusCode).toBe(200);
        expect(await metric(t, 'rate_limit_local_fallbacks_total')).toBe(0);
        if (fault === 'cut') await proxy.cut();
        else proxy.stall();

        const statuses: number[] = [];
        const slowest = { ms: 0 };
        for (let i = 0; i < 14; i += 1) {
          const started = Date.now();
          statuses.push((await resetRequest(t, address)).statusCode);
          slowest.ms = Math.max(slowest.ms, Date.now() - started);
        }
        // Counted on this instance alone: 10 more at most (it cannot know Redis's 3), never unlimited.
        expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(10);
        expect(statuses.slice(-4)).toEqual([429, 429, 429, 429]);
        // No request waits on a Redis that does not answer longer than its command timeout (and a margin).
        expect(slowest.ms).toBeLessThan(1500);
        expect((await resetRequest(t, '10.64.9.9')).statusCode).toBe(200);
        expect(await metric(t, 'rate_limit_counters_shared')).toBe(0);
        expect(await metric(t, 'rate_limit_local_fallbacks_total')).toBeGreaterThanOrEqual(14);

        // Back: the client reconnects by itself and the limits are shared again.
        await proxy.restore();
        await expect
          .poll(() => metric(t, 'rate_limit_counters_shared'), { timeout: 10_000, interval: 200 })
          .toBe(1);
        const fresh = '10.64.3.1';
        const before = await metric(t, 'rate_limit_local_fallbacks_total');
        expect((await resetRequest(t, fresh)).statusCode).toBe(200);
        expect(await metric(t, 'rate_limit_local_fallbacks_total')).toBe(before);
      } finally {
        await t.close();
        await proxy.close();
      }
    }, 60_000);
  }

  it('says so in the log, once a minute at most', async () => {
    const { Writable } = await import('node:stream');
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write: (chunk, _encoding, callback) => {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        callback();
      },
    });
    const { default: Fastify } = await import('fastify');
    const { registerRateLimit } = await import('./rate-limit.ts');
    const app = Fastify({ logger: { level: 'info', stream } });
    try {
      await registerRateLimit(app, {
        redisUrl: 'redis://127.0.0.1:1/0',
        redisPrefix: 'down:',
      } as Parameters<typeof registerRateLimit>[1]);
      await app.ready();
      for (let i = 0; i < 20; i += 1) await app.counters.penalty(`k${i}`, 1, { customDuration: 60 });
      expect(app.countersState.shared()).toBe(false);
      expect(app.countersState.localFallbacks()).toBe(20);
      const warnings = lines.filter((l) => String(l.msg).startsWith('redis unavailable'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.msg).toBe('redis unavailable; rate limits counted on this instance only');
    } finally {
      await app.close();
    }
  });
});

describe('counters in memory (issue 16: bounded state)', () => {
  it('keeps at most 100,000 keys, forgetting the least recently counted first', async () => {
    const counters = new BoundedMemoryCounters();
    const hit = (key: string) => counters.penalty(key, 1, { customDuration: 60 });
    const count = async (key: string) => (await counters.get(key))?.consumedPoints ?? 0;
    await hit('first');
    await hit('first');
    for (let i = 0; i < 99_999; i += 1) await hit(`k${i}`);
    expect(await count('first')).toBe(2);
    await hit('one-more'); // the 100,001st key
    expect(await count('first')).toBe(0); // the least recently counted went
    expect(await count('k0')).toBe(1); // the rest stay
    expect(await count('one-more')).toBe(1);
  });

  it('counts a key within its window from the first hit, then starts again', async () => {
    vi.useFakeTimers();
    try {
      const counters = new BoundedMemoryCounters();
      const hit = async () => (await counters.penalty('k', 1, { customDuration: 60 })).consumedPoints;
      expect([await hit(), await hit()]).toEqual([1, 2]);
      await vi.advanceTimersByTimeAsync(59_000);
      expect(await hit()).toBe(3); // later hits do not extend the window
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await hit()).toBe(1);
      await counters.delete('k');
      expect(await counters.get('k')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
