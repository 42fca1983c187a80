import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjects } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { adminAuth } from '../reporting/reports.fixtures.ts';

/** Subjects and contact messages: admin writes without a screen of their own, audited all the same (decision 201). */
describe('audit entries of subject and contact-message writes', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAuth>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAuth(t.app.db, t.config.jwtSecret);
  });
  afterAll(() => t.close());

  const send = (method: 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, headers: admin.headers, payload });
  const trail = async (type: string, id: string | number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit/?entity_type=${type}&entity_id=${id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { action: string; actor_user_id: string; before: unknown; after: unknown }[];
  };

  it('a subject changed: who, what, before and after', async () => {
    const [subject] = await t.app.db
      .insert(subjects)
      .values({
        name: `Geometry ${randomUUID().slice(0, 6)}`,
        slug: `geometry-${randomUUID().slice(0, 8)}`,
        category: 'Mathematics',
        pricePerHourCents: 1800,
      })
      .returning();
    const id = subject!.id;
    expect((await send('PATCH', `/api/admin/subjects/${id}/`, { price_per_hour: 21 })).statusCode).toBe(200);
    const entries = await trail('subject', id);
    expect(entries.map((e) => e.action)).toEqual(['update']);
    expect(entries[0]).toMatchObject({
      actor_user_id: admin.id,
      before: { price_per_hour: 18 },
      after: { price_per_hour: 21 },
    });
    // A refused change (unknown subject) records nothing.
    expect((await send('PATCH', '/api/admin/subjects/999999/', { price_per_hour: 5 })).statusCode).toBe(404);
    expect(await trail('subject', 999999)).toEqual([]);
  });

  it('a contact message marked handled and back', async () => {
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/contacts/',
      payload: {
        name: 'Meron',
        email: `parent-${randomUUID()}@example.com`,
        message: 'Do you teach Tigrigna?',
      },
      remoteAddress: '10.77.1.2',
    });
    expect(posted.statusCode).toBe(201);
    const id = posted.json().id as number;
    expect((await send('PATCH', `/api/admin/contacts/${id}/`, { handled: true })).statusCode).toBe(200);
    expect((await send('PATCH', `/api/admin/contacts/${id}/`, { handled: false })).statusCode).toBe(200);
    const entries = await trail('contact_message', id);
    expect(entries.map((e) => e.action)).toEqual(['mark_unhandled', 'mark_handled']);
    expect(entries[1]).toMatchObject({
      actor_user_id: admin.id,
      before: { handled_at: null },
      after: { handled_at: expect.any(String) },
    });
    expect((await send('PATCH', '/api/admin/contacts/999999/', { handled: true })).statusCode).toBe(404);
  });
});
