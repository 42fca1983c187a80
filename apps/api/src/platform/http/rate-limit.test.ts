import { randomBytes } from 'node:crypto';
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
