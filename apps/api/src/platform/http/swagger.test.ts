import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bearer } from '../../modules/catalog/test/fixtures.ts';

/** Issue 29 item 6: the API's map is for administrators in production, open on a developer's machine. */
describe('/api/docs in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: 'production' });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers a visitor 401 and a signed-in non-admin 403, the JSON, the UI and its files alike', async () => {
    const tutor = await bearer(t.config.jwtSecret, 'tutor', t.app.db);
    const student = await bearer(t.config.jwtSecret, 'student', t.app.db);
    for (const url of [
      '/api/docs',
      '/api/docs/',
      '/api/docs/json',
      '/api/docs/yaml',
      '/api/docs/static/index.html',
    ]) {
      const anonymous = await get(url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().code).toBe('not_authenticated');
      expect(anonymous.body).not.toContain('openapi');
      expect((await get(url, { authorization: 'Bearer not-a-token' })).statusCode, url).toBe(401);
      for (const auth of [tutor, student]) {
        const res = await get(url, auth);
        expect(res.statusCode, url).toBe(403);
        expect(res.body).not.toContain('/api/admin/');
      }
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/api/docs/json' })).statusCode).toBe(401);
  });

  it("opens to an admin's access token, and is never cached", async () => {
    const admin = await bearer(t.config.jwtSecret, 'admin', t.app.db);
    const doc = await get('/api/docs/json', admin);
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths).toHaveProperty('/api/admin/offers/{id}/');
    expect(doc.headers['cache-control']).toBe('private, no-store');
    expect((await get('/api/docs/yaml', admin)).statusCode).toBe(200);
    // The UI: its page (after swagger-ui's redirect to it) and its script.
    const page = await get('/api/docs/', admin);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const script = await get('/api/docs/static/swagger-initializer.js', admin);
    expect(script.statusCode).toBe(200);
  });
});

describe('/api/docs in development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: 'development' });
  });
  afterAll(() => t.close());

  it('stays open to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/health');
  });
});
