import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPolicyDefaults } from '@tibeb/domain/bookings/lifecycle';
import { earningsPolicyDefaults } from '@tibeb/domain/ledger/earnings';
import { writeSetting } from './settings.repository.ts';
import { bookingPolicy } from './settings.service.ts';
import { createUser } from '../bookings/lifecycle/test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const osm = 'https://www.openstreetmap.org/export/embed.html?bbox=38.74,9.0,38.79,9.03&layer=mapnik';

describe('site settings', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    auth = (await createUser(t.app.db, t.config.jwtSecret, 'staff')).headers;
  });
  afterAll(() => t.close());

  it('answers empty contact details and the product name before anything is set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      contact: { address: '', phone: '', email: '', map_embed_url: '' },
      site: { name: 'Tibeb Tutoring' },
      policy_words: { cancellation_notice_hours: 12, hold_minutes: 30, weeks_per_payment: 4 },
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
    const words = { policy_words: { cancellation_notice_hours: 12, hold_minutes: 30, weeks_per_payment: 4 } };
    expect(put.json()).toEqual({
      ...settings,
      ...words,
      policy: bookingPolicyDefaults,
      earnings: earningsPolicyDefaults,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public/' })).json()).toEqual({
      ...settings,
      ...words,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/settings/', headers: auth })).json(),
    ).toEqual({ ...settings, ...words, policy: bookingPolicyDefaults, earnings: earningsPolicyDefaults });
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

  it('keeps the booking policy beside them: defaults, an admin change read by the lifecycle, bad values refused', async () => {
    const base = (await t.app.inject({ method: 'GET', url: '/api/admin/settings/', headers: auth })).json();
    expect(base.policy).toEqual({
      hold_minutes: 30,
      lead_time_hours: 2,
      cancellation_notice_hours: 12,
      weeks_per_payment: 4,
    });
    const policy = {
      hold_minutes: 20,
      lead_time_hours: 4,
      cancellation_notice_hours: 24,
      weeks_per_payment: 6,
    };
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/',
      headers: auth,
      payload: { contact: base.contact, site: base.site, policy },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().policy).toEqual(policy);
    expect(await bookingPolicy(t.app.db)).toEqual(policy);
    // Leaving `policy` out (an older client) keeps it as it is.
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/',
      headers: auth,
      payload: { contact: base.contact, site: base.site },
    });
    expect(await bookingPolicy(t.app.db, { fresh: true })).toEqual(policy);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/',
      headers: auth,
      payload: {
        contact: base.contact,
        site: base.site,
        policy: { ...policy, weeks_per_payment: 0, hold_minutes: 'x' },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'policy.hold_minutes',
      'policy.weeks_per_payment',
    ]);
    // The public settings never show the policy.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/settings/public/' })).json().policy,
    ).toBeUndefined();
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/',
      headers: auth,
      payload: { contact: base.contact, site: base.site, policy: bookingPolicyDefaults },
    });
  });
});
