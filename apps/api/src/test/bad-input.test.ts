import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../platform/db/schema/index.ts';
import { signAccessToken } from '../platform/auth/tokens.ts';
import { controlCharacterMessage } from '../platform/http/edge-input.ts';
import { createTestApp, type TestApp } from './harness.ts';

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};
type Route = { method: string; path: string; op: Operation };

/** Malformed values for path parameters: wrong type, out of range, injection-looking, oversized. */
const badParams = [
  'abc',
  '-1',
  '0',
  '99999999999999999999',
  "1'; drop table users;--",
  'x'.repeat(300),
  '%00',
  '1.5',
];

/** Malformed bodies: wrong JSON types, wrong field types, oversized and nested values. */
const badBodies: unknown[] = [
  {},
  [],
  'null',
  42,
  { id: 'x', email: 12, date: 'not-a-date', amount: 'free', page: -3, tutor: {}, days: 'mon' },
  {
    name: 'x'.repeat(20_000),
    email: 'a@b',
    body: ['nested'],
    duration_hours: 1e9,
    time: '25:61',
    date: '2026-02-30',
    days_times: { xyz: '10:00' },
    reservation_id: '00000000-0000-4000-8000-000000000000',
    password: null,
    role: 'god',
  },
];

/** Malformed query strings. */
const badQueries = [
  '?page=-1&year=abc&month=13&duration_minutes=7&tutor_id=x&is_active=maybe&q=%27',
  '?page=99999999999999&year=1&month=0&tutor_id=-5&subject=%00&session_id=&post_slug=' + 'y'.repeat(500),
];

/**
 * DESIGN §4: any generated payload on any route answers 4xx with the JSON error shape, never 5xx and never a
 * stack. Every route of the OpenAPI document, as a visitor and as an administrator (so that input validation
 * behind the role checks runs too).
 */
describe('bad input on every route', () => {
  let t: TestApp;
  let routes: Route[] = [];
  let adminToken = '';

  beforeAll(async () => {
    t = await createTestApp();
    const [admin] = await t.app.db
      .insert(users)
      .values({ username: 'fuzz-admin', email: 'fuzz-admin@example.com', role: 'admin' })
      .returning();
    adminToken = await signAccessToken(
      { sub: admin!.id, role: 'admin', username: 'fuzz-admin' },
      t.config.jwtSecret,
    );
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
  });
  afterAll(() => t.close());

  it('finds the routes to try', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it('never answers 5xx, and answers every 4xx with a JSON detail', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const hasParams = route.path.includes('{');
      const paths = hasParams
        ? badParams.map((v) => route.path.replace(/\{[^}]+\}/g, encodeURIComponent(v)))
        : [route.path];
      const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      for (const url of paths) {
        for (const query of route.method === 'GET' ? ['', ...badQueries] : ['']) {
          for (const body of withBody ? badBodies : [undefined]) {
            for (const auth of [undefined, `Bearer ${adminToken}`]) {
              const res = await t.app.inject({
                method: route.method as 'GET',
                url: `${url}${query}`,
                headers: {
                  ...(auth ? { authorization: auth } : {}),
                  ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
                },
                ...(body !== undefined
                  ? { payload: typeof body === 'string' ? body : JSON.stringify(body) }
                  : {}),
              });
              const where = `${route.method} ${url}${query} ${auth ? 'auth' : 'anon'} ${JSON.stringify(body)?.slice(0, 60)}`;
              if (res.statusCode >= 500) {
                failures.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
              } else if (
                res.statusCode >= 400 &&
                res.statusCode !== 404 &&
                res.headers['content-type']?.includes('json')
              ) {
                const detail = (res.json() as { detail?: unknown }).detail;
                if (typeof detail !== 'string' || detail === '')
                  failures.push(`${res.statusCode} without detail: ${where}`);
              }
              if (/at \S+\.ts:\d+/.test(res.body)) failures.push(`stack trace leaked: ${where}`);
            }
          }
        }
      }
    }
    if (failures.length)
      (await import('node:fs')).writeFileSync('/tmp/fuzz-failures.txt', failures.join('\n'));
    expect(failures).toEqual([]);
  }, 600_000);

  /** Issue 12 item 9: NUL (PostgreSQL refuses it), escape sequences, C1 controls and broken surrogates. */
  const controls = ['Abebe\u0000Kebede', '\u001b[2J', 'x\u0085y', 'half\ud800'];

  // A lone surrogate cannot be percent-encoded as UTF-8: send the bytes a careless client would.
  const enc = (v: string) => {
    try {
      return encodeURIComponent(v);
    } catch {
      return 'half%ED%A0%80';
    }
  };

  it('answers control characters in any field, query or path of every route with 400, never 5xx', async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const route of routes) {
      const queryNames = (route.op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const bodyProps = Object.keys(
        route.op.requestBody?.content?.['application/json']?.schema?.properties ?? { text: {} },
      );
      const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      for (const bad of controls) {
        const attempts: { url: string; body?: Record<string, unknown> }[] = [];
        if (route.path.includes('{')) {
          attempts.push({ url: route.path.replace(/\{[^}]+\}/g, enc(bad)) });
        }
        const plainPath = route.path.replace(/\{[^}]+\}/g, '1');
        if (queryNames.length) {
          attempts.push({ url: `${plainPath}?${queryNames.map((n) => `${n}=${enc(bad)}`).join('&')}` });
        }
        if (withBody) {
          attempts.push({
            url: plainPath,
            body: Object.fromEntries(bodyProps.map((p) => [p, bad])),
          });
          attempts.push({ url: plainPath, body: { nested: [{ [bad]: bad }] } });
        }
        for (const attempt of attempts) {
          for (const auth of [undefined, `Bearer ${adminToken}`]) {
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: attempt.url,
              headers: auth ? { authorization: auth } : {},
              ...(attempt.body ? { payload: attempt.body } : {}),
            });
            const where = `${route.method} ${attempt.url} ${auth ? 'auth' : 'anon'} ${JSON.stringify(attempt.body)?.slice(0, 80)}`;
            if (res.statusCode >= 500) failures.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
            else if (res.statusCode < 400 && attempt.body) failures.push(`accepted ${where}`);
            if (res.statusCode === 400 && res.json().detail === controlCharacterMessage) refused += 1;
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // As an administrator every guarded route is reached too: the edge refused them all.
    expect(refused).toBeGreaterThan(routes.length);
  }, 600_000);
});
