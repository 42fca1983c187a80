import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { invalidateTutorsCache } from '../modules/tutors/directory-cache.ts';
import { addReview, insertTutor } from '../modules/tutors/test/fixtures.ts';
import { encodingIndex, frontKey } from './front-answers.ts';

type Answer = { status: number; headers: string[]; body: Buffer };

/** One request over a real connection (the repeated answers live in the server's request listener). */
function request(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.rawHeaders, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The headers as sent, in order, without the clock's. */
const withoutDate = (headers: string[]) => {
  const pairs: string[] = [];
  for (let i = 0; i < headers.length; i += 2) {
    if (headers[i]!.toLowerCase() !== 'date') pairs.push(`${headers[i]!.toLowerCase()}: ${headers[i + 1]}`);
  }
  return pairs;
};

describe('frontKey and encodingIndex', () => {
  it('leaves out one plain _ts and keeps every other part of the address', () => {
    expect(frontKey('/api/tutors/public/')).toBe('/api/tutors/public/');
    expect(frontKey('/api/tutors/public/?_ts=1732')).toBe('/api/tutors/public/');
    expect(frontKey('/api/subjects/public/?is_active=1&_ts=1732')).toBe('/api/subjects/public/?is_active=1');
    expect(frontKey('/api/subjects/public/?_ts=1732&is_active=1')).toBe('/api/subjects/public/?is_active=1');
    expect(frontKey('/api/subjects/public/?is_active=1')).toBe('/api/subjects/public/?is_active=1');
    expect(frontKey('/api/x/?a_ts=1')).toBe('/api/x/?a_ts=1');
  });

  it('refuses an address whose _ts the framework must judge', () => {
    expect(frontKey('/api/tutors/public/?_ts=1&_ts=2')).toBeNull();
    expect(frontKey('/api/tutors/public/?_ts=%00')).toBeNull();
    expect(frontKey('/api/tutors/public/?_ts')).toBeNull();
    expect(frontKey('/api/tutors/public/?_ts=1&x=2&_ts')).toBeNull();
  });

  it('chooses the form as sendPreparedText does', () => {
    expect(encodingIndex(undefined)).toBe(0);
    expect(encodingIndex('identity')).toBe(0);
    expect(encodingIndex('gzip, deflate')).toBe(1);
    expect(encodingIndex('gzip, deflate, br')).toBe(2);
    expect(encodingIndex('br;q=0, gzip')).toBe(1);
  });
});

describe('public answers repeated ahead of the framework', () => {
  let t: TestApp;
  let base: string;
  let tutor: { id: number };

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    tutor = await insertTutor(t.app.db, { fullName: 'Hana Tesfaye', subject: 'Chemistry' });
    // A list over 1 KB, so that it also goes out compressed.
    for (const name of ['Yonas Alemu', 'Almaz Kebede', 'Dawit Haile']) {
      await insertTutor(t.app.db, {
        fullName: name,
        subject: 'Mathematics',
        bio: 'Patient teacher. '.repeat(40),
      });
    }
  });
  afterAll(() => t.close());

  /** The request's answer, and whether it was a repeated one. */
  async function get(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string) {
    const before = t.app.front.hits;
    const answer = await request(base, path, headers, method, body);
    return { ...answer, repeated: t.app.front.hits - before === 1 };
  }

  it('repeats the tutor list with the headers and bytes the framework sent, per encoding', async () => {
    for (const encoding of [undefined, 'gzip, deflate', 'gzip, deflate, br']) {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const first = await get('/api/tutors/public/', headers);
      const second = await get('/api/tutors/public/', headers);
      expect(first.status).toBe(200);
      expect(first.repeated).toBe(false);
      expect(second.repeated).toBe(true);
      expect(withoutDate(second.headers)).toEqual(withoutDate(first.headers));
      expect(second.body.equals(first.body)).toBe(true);
    }
    const repeated = await get('/api/tutors/public/', { 'accept-encoding': 'br' });
    expect(withoutDate(repeated.headers)).toContain('content-encoding: br');
    expect(withoutDate(repeated.headers)).toContain(
      "content-security-policy: default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('repeats the liveness probe, its small body written with the headers', async () => {
    const first = await get('/api/health');
    const second = await get('/api/health');
    expect(second.repeated).toBe(true);
    expect(withoutDate(second.headers)).toEqual(withoutDate(first.headers));
    expect(JSON.parse(second.body.toString())).toEqual({ status: 'ok', database: t.app.dbEngine });
  });

  it('repeats the subjects, the offers and the site settings as the framework sent them', async () => {
    for (const path of ['/api/subjects/public/?is_active=1&_ts=1', '/api/offers/', '/api/settings/public/']) {
      const first = await get(path);
      const second = await get(path.replace('_ts=1', '_ts=2'));
      expect(first.status).toBe(200);
      expect(second.repeated).toBe(true);
      expect(withoutDate(second.headers)).toEqual(withoutDate(first.headers));
      expect(second.body.equals(first.body)).toBe(true);
    }
  });

  it('treats the spec client’s _ts as the same address, and leaves a doubtful one to the framework', async () => {
    await get('/api/tutors/public/');
    expect((await get('/api/tutors/public/?_ts=1732000000000')).repeated).toBe(true);
    const twice = await get('/api/tutors/public/?_ts=1&_ts=2');
    expect(twice.status).toBe(400);
    expect(twice.repeated).toBe(false);
    const control = await get('/api/tutors/public/?_ts=%00');
    expect(control.status).toBe(400);
    expect(JSON.parse(control.body.toString()).detail).toBe('Text may not contain control characters.');
  });

  it('leaves validators, HEAD, bodies, failures and other routes to the framework', async () => {
    const first = await get('/api/tutors/public/');
    const etag = first.headers[first.headers.findIndex((h) => h.toLowerCase() === 'etag') + 1]!;
    const revalidated = await get('/api/tutors/public/', { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.repeated).toBe(false);
    const head = await get('/api/tutors/public/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.repeated).toBe(false);
    const json = { 'content-type': 'application/json', 'content-length': '2' };
    const withBody = await get('/api/tutors/public/', json, 'GET', '{}');
    expect(withBody.repeated).toBe(false);
    for (let i = 0; i < 2; i++) {
      const missing = await get('/api/tutors/public/999999/');
      expect(missing.status).toBe(404);
      expect(missing.repeated).toBe(false);
    }
    // A route without `config.front` (its answer is the framework's every time).
    await get('/api/blog/categories/');
    expect((await get('/api/blog/categories/')).repeated).toBe(false);
  });

  it('stops repeating an answer when its cache entry changes, and repeats the new one', async () => {
    const before = await get(`/api/tutors/public/${tutor.id}/`);
    expect((await get(`/api/tutors/public/${tutor.id}/`)).repeated).toBe(true);
    expect(JSON.parse(before.body.toString()).total_reviews).toBe(0);
    await addReview(t.app.db, tutor.id, 5);
    invalidateTutorsCache(t.app.db);
    const after = await get(`/api/tutors/public/${tutor.id}/`);
    expect(after.repeated).toBe(false);
    expect(JSON.parse(after.body.toString()).total_reviews).toBe(1);
    const again = await get(`/api/tutors/public/${tutor.id}/`);
    expect(again.repeated).toBe(true);
    expect(again.body.equals(after.body)).toBe(true);
  });

  it('keeps a bounded number of addresses', async () => {
    for (let i = 0; i < 1_050; i++) await request(base, `/api/offers/?page=${i}`);
    expect(t.app.front.size).toBeLessThanOrEqual(1_000);
  });

  it('repeats nothing once the server is closing', async () => {
    const other = await createTestApp();
    const otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' });
    await request(otherBase, '/api/health');
    await request(otherBase, '/api/health');
    expect(other.app.front.hits).toBe(1);
    await other.close();
    expect(other.app.front.closed).toBe(true);
    expect(other.app.front.size).toBe(0);
  });
});

describe('repeated answers, metrics and logs', () => {
  it('counts repeated answers in the route’s metrics', async () => {
    const t = await createTestApp({ metricsToken: 'front-metrics-token-0123456789' });
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      for (let i = 0; i < 3; i++) await request(base, '/api/health');
      expect(t.app.front.hits).toBe(2);
      const metrics = await request(base, '/api/metrics', {
        authorization: 'Bearer front-metrics-token-0123456789',
      });
      expect(metrics.body.toString()).toMatch(
        /http_requests_total\{method="GET",route="\/api\/health",status="200"\} 3\b/,
      );
    } finally {
      await t.close();
    }
  });

  it('repeats nothing where every request is logged (LOG_LEVEL=debug)', async () => {
    const t = await createTestApp({ logLevel: 'debug' });
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      for (let i = 0; i < 3; i++) expect((await request(base, '/api/health')).status).toBe(200);
      expect(t.app.front.hits).toBe(0);
    } finally {
      await t.close();
    }
  });
});
