import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createAdmin } from '../bookings/payments/test/fixtures.ts';
import { insertSubject } from './test/fixtures.ts';

/** The admin sets a subject's price per hour in birr (issue 18 §3, decision 170). */
describe("a subject's birr rate", () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.app.db, t.config.jwtSecret);
  });
  afterAll(() => t.close());

  const send = (method: 'PATCH' | 'GET', url: string, payload?: object, auth = admin.authorization) =>
    t.app.inject({ method, url, payload, headers: { authorization: auth } });

  const adminView = async (id: number) =>
    (
      (await send('GET', '/api/admin/subjects/')).json() as {
        id: number;
        price_per_hour_etb: number | null;
      }[]
    ).find((s) => s.id === id);

  it('is set, changed, cleared with null, and kept out of the public list', async () => {
    const { id } = await insertSubject(t.app.db, {
      name: 'Chemistry for Grade 12',
      category: 'Sciences',
      pricePerHourCents: 2200,
    });
    const set = await send('PATCH', `/api/admin/subjects/${id}/`, { price_per_hour_etb: 1250.5 });
    expect(set.json()).toMatchObject({ price_per_hour: 22, price_per_hour_etb: 1250.5 });

    const changed = await send('PATCH', `/api/admin/subjects/${id}/`, { price_per_hour_etb: 1400 });
    expect(changed.json()).toMatchObject({ price_per_hour: 22, price_per_hour_etb: 1400 });
    expect(await adminView(id)).toMatchObject({ price_per_hour_etb: 1400 });

    const publicList = (await t.app.inject({ method: 'GET', url: '/api/subjects/public/?_ts=2' })).json() as {
      id: number;
    }[];
    expect(publicList.find((s) => s.id === id)).not.toHaveProperty('price_per_hour_etb');

    const cleared = await send('PATCH', `/api/admin/subjects/${id}/`, { price_per_hour_etb: null });
    expect(cleared.json()).toMatchObject({ price_per_hour: 22, price_per_hour_etb: null });
    // Changing the dollar price leaves the birr price as it is.
    await send('PATCH', `/api/admin/subjects/${id}/`, { price_per_hour_etb: 900 });
    const dollars = await send('PATCH', `/api/admin/subjects/${id}/`, { price_per_hour: 25 });
    expect(dollars.json()).toMatchObject({ price_per_hour: 25, price_per_hour_etb: 900 });
  });

  it('refuses a bad birr price with the message (400), and anyone but an admin', async () => {
    const { id } = await insertSubject(t.app.db, { name: 'Physics basics', category: 'Sciences' });
    expect((await adminView(id))?.price_per_hour_etb).toBeNull();
    for (const bad of [0, -5, 10.555, 5_000_000, 'abc', true]) {
      const res = await send('PATCH', `/api/admin/subjects/${id}/`, { price_per_hour_etb: bad });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('price per hour in birr');
    }
    const family = await createAdmin(t.app.db, t.config.jwtSecret, 'student');
    const forbidden = await send(
      'PATCH',
      `/api/admin/subjects/${id}/`,
      { price_per_hour_etb: 900 },
      family.authorization,
    );
    expect(forbidden.statusCode).toBe(403);
    expect((await adminView(id))?.price_per_hour_etb).toBeNull();
  });
});
