import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSetting } from './settings.repository.ts';
import { signAccessToken } from '../../lib/tokens.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const osm = 'https://www.openstreetmap.org/export/embed.html?bbox=38.74,9.0,38.79,9.03&layer=mapnik';

describe('site settings', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    const token = await signAccessToken(
      { sub: randomUUID(), role: 'staff', username: `staff-${randomUUID()}` },
      t.config.jwtSecret,
    );
    auth = { authorization: `Bearer ${token}` };
  });
  afterAll(() => t.close());

  it('answers empty contact details and the product name before anything is set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      contact: { address: '', phone: '', email: '', map_embed_url: '' },
      site: { name: 'Tibeb Tutoring' },
    });
  });

  it('lets an admin-level user update them, and the public read shows the change at once', async () => {
    const settings = {
      contact: {
        address: 'Bole Road, Addis Ababa',
        phone: '+251 11 555 0100',
        email: 'hello@tibeb.example',
        map_embed_url: osm,
      },
      site: { name: 'Tibeb Tutoring' },
    };
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/',
      headers: auth,
      payload: settings,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(settings);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public/' })).json()).toEqual(settings);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/settings/', headers: auth })).json(),
    ).toEqual(settings);
  });

  it('refuses a map that the page could not frame, and a bad e-mail, with field errors', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/',
      headers: auth,
      payload: {
        contact: { address: '', phone: '', email: 'nope', map_embed_url: 'https://maps.example.com/x' },
        site: { name: 'Tibeb Tutoring' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['contact.email', 'contact.map_embed_url']);
  });

  it('refuses visitors', async () => {
    const payload = {
      contact: { address: 'x', phone: '', email: '', map_embed_url: '' },
      site: { name: 'Hacked' },
    };
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/settings/', payload });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings/' })).statusCode).toBe(401);
  });

  it('reads a stored value leniently (missing fields become empty)', async () => {
    await writeSetting(t.app.db, 'contact', { phone: '+251 900 000 000', extra: 1 });
    await t.app.inject({ method: 'PUT', url: '/api/admin/settings/', headers: auth, payload: { bad: true } });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/settings/', headers: auth });
    expect(res.json().contact).toEqual({
      address: '',
      phone: '+251 900 000 000',
      email: '',
      map_embed_url: '',
    });
  });
});
