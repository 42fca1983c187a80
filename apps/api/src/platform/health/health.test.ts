import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../test/harness.ts';
import journal from '../db/migrations/meta/_journal.json' with { type: 'json' };

/** The migrations of this build: every one generated so far (a new migration needs no change here). */
const migrations = journal.entries.length;

describe('health and the error shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ok after checking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: testEngine });
  });

  it('says ready when the database answers and has every migration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: testEngine, migrations });
  });

  it('answers an unknown API path with 404, the JSON error shape and the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/health');
  });
});

describe('liveness without the database, readiness with it (issue 16)', () => {
  it('stays alive when the database is gone, and is not ready', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const live = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(live.statusCode).toBe(200);
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ detail: 'Database unavailable.', code: 'database_unavailable' });
    } finally {
      await t.app.close();
    }
  });

  it('is not ready while a migration of this build is missing', async () => {
    const t = await createTestApp();
    try {
      await t.app.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().detail).toBe(
        `Database migrations pending: ${migrations - 1} of ${migrations} applied.`,
      );
    } finally {
      await t.close();
    }
  });
});

/** Issue 29 item 1: a server whose disk is (nearly) full is taken out of rotation before writes fail. */
describe('readiness and free disk space', () => {
  it('is not ready while DATA_DIR has less free space than MIN_FREE_DISK_MB, and says how much', async () => {
    const { freeDiskBytes } = await import('./health.routes.ts');
    const tmp = await import('node:os').then((os) => os.tmpdir());
    const free = await freeDiskBytes(tmp);
    expect(free).toBeGreaterThan(0);
    // Before the directory exists: its file system's figure, through the nearest existing parent.
    expect(await freeDiskBytes(`${tmp}/not-made-yet-${process.pid}/deeper`)).toBeGreaterThan(0);
    // A minimum above what the disk has free: the same as a disk that has filled up to it.
    const minimum = free + 1024 ** 4;
    const t = await createTestApp({ dataDir: tmp, minFreeDiskBytes: minimum });
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      const body = ready.json();
      expect(body.code).toBe('disk_low');
      expect(body.params.min_mb).toBe(Math.floor(minimum / 1024 ** 2));
      expect(body.params.free_mb).toBeLessThan(body.params.min_mb);
      expect(body.detail).toBe(
        `Low disk space: ${body.params.free_mb} MB free for DATA_DIR, ${body.params.min_mb} MB required.`,
      );
      // Liveness does not depend on it: the process is fine, it only should not take writes.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('request ids (issue 16)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, (app) => {
      app.get('/api/_boom', async () => {
        throw new Error('kaboom');
      });
    });
  });
  afterAll(() => t.close());

  it("puts the request id in an unexpected error answer, and keeps a proxy's well-formed id", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/_boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.detail).toBe('Something went wrong on our side. Please try again.');
    expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-request-id']).toBe(body.request_id);
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/_boom',
      headers: { 'x-request-id': 'lb-7f3a9c21' },
    });
    expect(given.json().request_id).toBe('lb-7f3a9c21');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/_boom',
      headers: { 'x-request-id': 'bad id\nwith a line break' },
    });
    expect(forged.json().request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts the request id on bad-input answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tutors/public/abc/' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("binds the request id to the request's logger, so every line of the request carries it", async () => {
    const logged = await createTestApp({ logLevel: 'fatal' }, (app) => {
      app.get('/api/_log', async (request) => ({
        bindings: (request.log as unknown as { bindings: () => Record<string, unknown> }).bindings(),
        id: request.id,
      }));
    });
    try {
      const res = await logged.app.inject({ method: 'GET', url: '/api/_log' });
      const { bindings, id } = res.json();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(bindings.reqId).toBe(id);
    } finally {
      await logged.close();
    }
  });
});

describe('metrics (issue 16)', () => {
  const token = 'metrics-token-for-tests-0123456789';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: token });
  });
  afterAll(() => t.close());

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('refuses a request without the token or with a wrong one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.body).not.toContain('http_requests_total');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: 'Bearer not-the-token' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests per route and status, latency, cache hits and job lag', async () => {
    await t.app.inject({ method: 'GET', url: '/api/tutors/public/' });
    await t.app.inject({ method: 'GET', url: '/api/tutors/public/' });
    await t.app.inject({ method: 'GET', url: '/api/tutors/public/99999/' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/tutors\/public\/",status="200"\} 2/,
    );
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/tutors\/public\/:id\/",status="404"\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/tutors\/public\/"\} 2/,
    );
    expect(text).toMatch(/cache_requests_total\{cache="directory",result="hit"\} [1-9]/);
    expect(text).toMatch(/job_lag_seconds\{job="hold_expiry"\} 0/);
    expect(text).toMatch(/job_lag_seconds\{job="mail_outbox"\} 0/);
    // A gauge a module publishes (the booking engine's cache size).
    expect(text).toMatch(/cache_booked_entries \d+/);
    expect(text).toContain('cache_bus_listening');
    // The process's own figures, as in production.
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});

describe('compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, (app) => {
      app.get('/api/_large', async () => ({
        items: Array.from({ length: 200 }, (_, i) => ({ i, text: 'tutor' })),
      }));
    });
  });
  afterAll(() => t.close());

  it('gzips a large JSON answer for a browser that accepts it, and not for one that does not', async () => {
    const zipped = await t.app.inject({
      method: 'GET',
      url: '/api/_large',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString()).items).toHaveLength(200);
    const plain = await t.app.inject({ method: 'GET', url: '/api/_large' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().items).toHaveLength(200);
  });
});

describe('request log and security headers (issue 17)', () => {
  it('logs failures and slow answers at info, a fast success only at debug, each with its request id', async () => {
    const { Writable } = await import('node:stream');
    const { default: Fastify } = await import('fastify');
    const { RequestLogController } = await import('../http/request-log.ts');
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write: (chunk, _encoding, callback) => {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        callback();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, logController: new RequestLogController() });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/missing', async (_request, reply) => reply.status(404).send({ detail: 'Not found.' }));
    await app.inject({ url: '/ok' });
    await app.inject({ url: '/missing' });
    await app.close();
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/missing' },
      res: { statusCode: 404 },
    });
    expect(completed[0]!.reqId).toBeTruthy();
  });

  it("sets @fastify/helmet's headers on pages, and the JSON set on JSON answers and errors", async () => {
    const t = await createTestApp();
    try {
      const { securityHeadersFor } = await import('../http/security-headers.ts');
      const helmet = await securityHeadersFor({
        contentSecurityPolicy: {
          directives: {
            'img-src': ["'self'", 'data:', 'blob:'],
            'frame-src': ["'self'", 'https://www.openstreetmap.org'],
            'connect-src': ["'self'"],
            'style-src': ["'self'", "'unsafe-inline'"],
            'upgrade-insecure-requests': null,
          },
        },
        crossOriginEmbedderPolicy: false,
      });
      expect(Object.keys(helmet).length).toBeGreaterThan(8);
      expect(helmet['content-security-policy']).toContain('frame-src');
      // An HTML page under /api gets a document's headers, exactly helmet's (the web app's pages: web.test.ts).
      for (const url of ['/api/newsletter/unsubscribe/?token=nope']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        for (const [name, value] of Object.entries(helmet))
          expect(res.headers[name], `${url} ${name}`).toBe(value);
      }
      // JSON answers, errors included: a policy that loads nothing and forbids framing, and no document headers.
      const json = {
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': helmet['strict-transport-security'],
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      };
      for (const url of [
        '/api/health',
        '/api/tutors/public/',
        '/api/no-such-thing/',
        '/api/tutors/public/x/',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
        for (const [name, value] of Object.entries(json))
          expect(res.headers[name], `${url} ${name}`).toBe(value);
        for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection']) {
          expect(res.headers[name], `${url} ${name}`).toBeUndefined();
        }
      }
    } finally {
      await t.close();
    }
  });
});

describe('every answer goes through Fastify, over a real connection too (issue 26)', () => {
  it("never gives one visitor's signed-in answer to the next, and answers the liveness probe", async () => {
    const { createUser, loginAs, bearer } = await import('../../modules/accounts/accounts.test-helpers.ts');
    const t = await createTestApp();
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const student = await createUser(t.app, 'student');
      const { access } = await loginAs(t.app, student);
      const url = `${base}/api/student/overview/`;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: bearer(access) })).status).toBe(200);
      const after = await fetch(url);
      expect(after.status).toBe(401);
      expect(JSON.stringify(await after.json())).not.toContain(student.username);
      const health = await fetch(`${base}/api/health`);
      expect(health.headers.get('cache-control')).toBe('no-store');
      expect(await health.json()).toEqual({ status: 'ok', database: t.app.dbEngine });
    } finally {
      await t.close();
    }
  });
});
