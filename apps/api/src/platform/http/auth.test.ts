import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { declaredRoutes, type DeclaredRoute } from './auth.ts';

/** A concrete address for a route pattern: every parameter and wildcard filled with a plausible value. */
const sampleUrl = (pattern: string) => pattern.replace(/:[A-Za-z_]\w*(\([^)]*\))?/g, '1').replace(/\*$/, 'x');

/**
 * Every route the app declares, walked one by one (issue 17 moved the area guard from a hook every request ran
 * to the area routes themselves): each one that needs a signed-in user refuses a request without a token, and
 * the guard is on every route of the three areas, HEAD routes included.
 */
describe('every protected route refuses a visitor', () => {
  let t: TestApp;
  let routes: readonly DeclaredRoute[];
  beforeAll(async () => {
    t = await createTestApp();
    routes = declaredRoutes(t.app);
  });
  afterAll(() => t.close());

  const send = (route: DeclaredRoute) =>
    t.app.inject({
      method: route.method as 'GET',
      url: sampleUrl(route.url),
      ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
    });

  it('sees every route, and guards every route of the admin, tutor and student areas', () => {
    expect(routes.length).toBeGreaterThan(150);
    const area = routes.filter((r) => r.area);
    expect(area.length).toBeGreaterThan(100);
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(
        area.some((r) => r.method === method),
        method,
      ).toBe(true);
    }
    for (const route of area) expect(route.signedIn, `${route.method} ${route.url}`).toBe(true);
    // Public reads carry no guard at all (they pay nothing for it).
    for (const url of ['/api/tutors/public/', '/api/health', '/api/reservations/available/']) {
      const route = routes.find((r) => r.method === 'GET' && r.url === url);
      expect(route, url).toBeDefined();
      expect(route!.signedIn, url).toBe(false);
    }
  });

  it('answers 401 without a token on every route of the three areas, before reading its input', async () => {
    for (const route of routes.filter((r) => r.area)) {
      const res = await send(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses a visitor on every other route that needs a signed-in user (401, or 400 for its input first)', async () => {
    const guarded = routes.filter((r) => !r.area && r.signedIn);
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const res = await send(route);
      expect([400, 401], `${route.method} ${route.url}`).toContain(res.statusCode);
    }
  });

  it('still serves a visitor on a public route', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/tutors/public/' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(200);
  });
});
