import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../platform/auth/tokens.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createUser } from '../accounts/accounts.test-helpers.ts';

describe('offers', () => {
  let t: TestApp;
  let adminAuth: { authorization: string };
  let tutorAuth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    // Tokens of real accounts: the auth plugin refuses tokens of no account (issue 12).
    const token = async (role: 'admin' | 'tutor') => {
      const user = await createUser(t.app, role);
      return signAccessToken({ sub: user.id, role, username: user.username }, t.config.jwtSecret);
    };
    adminAuth = { authorization: `Bearer ${await token('admin')}` };
    tutorAuth = { authorization: `Bearer ${await token('tutor')}` };
  });
  afterAll(() => t.close());

  const create = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/admin/offers/', headers: adminAuth, payload });

  it('answers the active offers in display order, and reflects every admin write at once', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/' })).json()).toEqual([]);
    const second = await create({
      title: 'Family bundle',
      description: 'Two children, 10% off.',
      sort_order: 2,
    });
    expect(second.statusCode).toBe(201);
    const first = (
      await create({ title: 'First lesson', description: 'Try a lesson.', sort_order: 1 })
    ).json();
    await create({ title: 'Hidden', description: 'Not yet.', is_active: false });

    const res = await t.app.inject({ method: 'GET', url: '/api/offers/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: first.id, title: 'First lesson', description: 'Try a lesson.' },
      { id: second.json().id, title: 'Family bundle', description: 'Two children, 10% off.' },
    ]);

    // A cached read is invalidated by an update and by a delete.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/offers/${first.id}/`,
      headers: adminAuth,
      payload: { title: 'First lesson free' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/' })).json()[0].title).toBe(
      'First lesson free',
    );
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/offers/${first.id}/`,
      headers: adminAuth,
    });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/' })).json()).toHaveLength(1);
  });

  it('answers 304 to a browser that already has the current list', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/offers/' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/offers/',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('keeps offer management for admin-level roles', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/offers/' })).statusCode).toBe(401);
    const asTutor = await t.app.inject({ method: 'GET', url: '/api/admin/offers/', headers: tutorAuth });
    expect(asTutor.statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/offers/', headers: adminAuth });
    expect(list.statusCode).toBe(200);
    expect(list.json().some((o: { is_active: boolean }) => !o.is_active)).toBe(true);
  });

  it('answers bad input with 400 and field errors, and unknown offers with 404', async () => {
    const bad = await create({ title: '', description: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.title).toEqual(['Title is required.']);
    expect(bad.json().errors.description).toBeDefined();
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/offers/999999/',
      headers: adminAuth,
      payload: { title: 'Gone' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Offer not found.', code: 'offer_not_found' });
    const badId = await t.app.inject({ method: 'DELETE', url: '/api/admin/offers/abc/', headers: adminAuth });
    expect(badId.statusCode).toBe(400);
  });
});
