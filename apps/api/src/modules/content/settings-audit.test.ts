import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPolicyDefaults } from '@tibeb/domain/bookings/lifecycle';
import { createUser } from '../bookings/lifecycle/test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const contact = {
  address: 'Bole Road, Addis Ababa',
  phone: '+251 11 555 0100',
  email: 'hello@tibeb.example',
  map_embed_url: '',
};

describe('site settings — every change is in the audit log', () => {
  let t: TestApp;
  let staff: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await createUser(t.app.db, t.config.jwtSecret, 'staff');
  });
  afterAll(() => t.close());

  const put = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/settings/', headers: staff.headers, payload });
  const trail = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit/?entity_type=settings&entity_id=site',
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { action: string; actor_user_id: string; before: unknown; after: unknown }[];
  };

  it('records the contact details and the booking policy, each with before and after', async () => {
    expect((await put({ contact, site: { name: 'Tibeb Tutoring' } })).statusCode).toBe(200);
    let entries = await trail();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'update_contact',
      actor_user_id: staff.id,
      before: { address: '', phone: '', email: '', map_embed_url: '', site_name: 'Tibeb Tutoring' },
      after: { ...contact, site_name: 'Tibeb Tutoring' },
    });

    const policy = { ...bookingPolicyDefaults, cancellation_notice_hours: 24 };
    expect((await put({ contact, site: { name: 'Tibeb Tutoring' }, policy })).statusCode).toBe(200);
    entries = await trail();
    expect(entries.map((e) => e.action)).toEqual(['update_booking_policy', 'update_contact']);
    expect(entries[0]).toMatchObject({
      actor_user_id: staff.id,
      before: bookingPolicyDefaults,
      after: policy,
    });

    // Both parts at once: two entries; the same values again: nothing changed, nothing recorded.
    const both = await put({
      contact: { ...contact, phone: '+251 11 555 0199' },
      site: { name: 'Tibeb Tutoring' },
      policy: { ...policy, hold_minutes: bookingPolicyDefaults.hold_minutes + 5 },
    });
    expect(both.statusCode).toBe(200);
    entries = await trail();
    expect(entries).toHaveLength(4);
    expect(new Set(entries.slice(0, 2).map((e) => e.action))).toEqual(
      new Set(['update_contact', 'update_booking_policy']),
    );
    expect((await put(both.json())).statusCode).toBe(200);
    expect(await trail()).toHaveLength(4);
  });

  it('keeps the earnings policy (issue 27): defaults, a validated change, its own audit entry', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/settings/', headers: staff.headers });
    expect(read.json().earnings).toEqual({
      commission_percent: 15,
      dispute_window_days: 3,
      payout_minimum_etb: 500,
    });
    // The contact details as they stand (the test before changed them): only the earnings change here.
    const { contact: current, site } = read.json();
    const bad = await put({
      contact: current,
      site,
      earnings: { commission_percent: 12.345, dispute_window_days: 31, payout_minimum_etb: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'earnings.commission_percent',
      'earnings.dispute_window_days',
      'earnings.payout_minimum_etb',
    ]);
    const before = (await trail()).length;
    const earnings = { commission_percent: 12.5, dispute_window_days: 5, payout_minimum_etb: 1000 };
    const ok = await put({ contact: current, site, earnings });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().earnings).toEqual(earnings);
    const entries = await trail();
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({
      action: 'update_earnings_policy',
      actor_user_id: staff.id,
      before: { commission_percent: 15, dispute_window_days: 3, payout_minimum_etb: 500 },
      after: earnings,
    });
    // Left out: unchanged.
    expect((await put({ contact: current, site })).json().earnings).toEqual(earnings);
    await put({
      contact: current,
      site,
      earnings: { commission_percent: 15, dispute_window_days: 3, payout_minimum_etb: 500 },
    });
  });

  it('records nothing when the change is refused', async () => {
    const before = (await trail()).length;
    const bad = await put({ contact: { ...contact, email: 'nope' }, site: { name: 'Tibeb Tutoring' } });
    expect(bad.statusCode).toBe(400);
    expect(await trail()).toHaveLength(before);
  });
});
