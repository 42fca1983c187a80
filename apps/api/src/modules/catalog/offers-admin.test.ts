import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerOrderMessages } from '@tibeb/domain/admin/offers';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { adminAuth } from '../reporting/reports.fixtures.ts';

describe('offers: reorder, publish and the audit trail', () => {
  let t: TestApp;
  let admin: { id: string; username: string; headers: { authorization: string } };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAuth(t.database.db, t.config.jwtSecret);
  });
  afterAll(() => t.close());

  const send = (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET',
    url: string,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers: admin.headers, ...(payload === undefined ? {} : { payload }) });
  const carousel = async () =>
    ((await t.app.inject({ method: 'GET', url: '/api/offers/' })).json() as { title: string }[]).map(
      (o) => o.title,
    );

  it('reorders the carousel at once, and records who changed what', async () => {
    const a = (await send('POST', '/api/admin/offers/', { title: 'A', description: 'a' })).json();
    const b = (await send('POST', '/api/admin/offers/', { title: 'B', description: 'b' })).json();
    const c = (
      await send('POST', '/api/admin/offers/', { title: 'C', description: 'c', is_active: false })
    ).json();
    expect(await carousel()).toEqual(['A', 'B']);

    const order = await send('PUT', '/api/admin/offers/order/', { ids: [c.id, b.id, a.id] });
    expect(order.statusCode).toBe(200);
    expect(order.json().map((o: { title: string }) => o.title)).toEqual(['C', 'B', 'A']);
    expect(await carousel()).toEqual(['B', 'A']);

    expect((await send('PATCH', `/api/admin/offers/${c.id}/`, { is_active: true })).statusCode).toBe(200);
    expect(await carousel()).toEqual(['C', 'B', 'A']);

    const trail = await send('GET', `/api/admin/audit/?entity_type=offer&entity_id=${c.id}`);
    expect(trail.statusCode).toBe(200);
    const entries = trail.json();
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['publish', 'reorder', 'create']);
    expect(entries[0]).toMatchObject({
      actor_user_id: admin.id,
      actor_username: admin.username,
      before: { is_active: false },
      after: { is_active: true, title: 'C' },
    });
    expect(entries[1]).toMatchObject({ before: { sort_order: 0 }, after: { sort_order: 1 } });

    await send('DELETE', `/api/admin/offers/${a.id}/`);
    const deleted = (await send('GET', `/api/admin/audit/?entity_type=offer&entity_id=${a.id}`)).json();
    expect(deleted[0]).toMatchObject({ action: 'delete', before: { title: 'A' }, after: null });
  });

  it('refuses an order that leaves out or repeats an offer', async () => {
    const list = (await send('GET', '/api/admin/offers/')).json() as { id: number }[];
    const missing = await send('PUT', '/api/admin/offers/order/', { ids: [list[0]!.id] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.ids).toEqual([offerOrderMessages.mismatch]);
    const twice = await send('PUT', '/api/admin/offers/order/', { ids: [list[0]!.id, list[0]!.id] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors.ids).toEqual(['Each offer may appear only once.']);
    const bad = await send('PUT', '/api/admin/offers/order/', { ids: 'all' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers a bad audit query with 400, and keeps the trail for admin-level roles', async () => {
    const noType = await send('GET', '/api/admin/audit/?entity_id=1');
    expect(noType.statusCode).toBe(400);
    expect(noType.json().errors.entity_type).toEqual(['Choose a known kind of record.']);
    const noId = await send('GET', '/api/admin/audit/?entity_type=offer');
    expect(noId.json().errors.entity_id).toEqual(['Give the record id.']);
    expect((await send('GET', '/api/admin/audit/?entity_type=offer&entity_id=999999')).json()).toEqual([]);
    const tutor = await adminAuth(t.database.db, t.config.jwtSecret, 'tutor');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit/?entity_type=offer&entity_id=1',
      headers: tutor.headers,
    });
    expect(res.statusCode).toBe(403);
  });
});
