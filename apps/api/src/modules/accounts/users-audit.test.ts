import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bearer, createUser, loginAs, uniq } from './accounts.test-helpers.ts';

type Entry = {
  action: string;
  actor_user_id: string | null;
  actor_username: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
};

describe('admin: users — every write is in the audit log', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, 'admin');
    auth = bearer((await loginAs(t.app, admin)).access);
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const trail = async (id: string): Promise<Entry[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit/?entity_type=user&entity_id=${id}`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  /** The raw rows too: no hash, no password may be anywhere in what is stored. */
  const storedText = async (id: string) =>
    JSON.stringify(
      await queryRows(t.app.db, sql`select before, after from audit_log where entity_id = ${id}`),
    );

  it('records a creation with who, when and the new account, without a password', async () => {
    const name = `audited_${uniq()}`;
    const started = Date.now();
    const res = await call('POST', '/api/admin/users/', {
      username: name,
      email: `${name}@example.test`,
      role: 'staff',
      first_name: 'Meron',
      password: 'created-pass-9',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    const [entry, ...rest] = await trail(id);
    expect(rest).toHaveLength(0);
    expect(entry).toMatchObject({
      action: 'create',
      actor_user_id: admin.id,
      actor_username: admin.username,
      before: null,
      after: { username: name, role: 'staff', first_name: 'Meron', is_active: true, has_password: true },
    });
    expect(Date.parse(entry!.created_at)).toBeGreaterThanOrEqual(started - 1000);
    const stored = await storedText(id);
    expect(stored).not.toContain('created-pass-9');
    expect(stored).not.toMatch(/\$argon2/);
  });

  it('records an edit, a role change, a password set, a deactivation and a reactivation', async () => {
    const user = await createUser(t.app, 'student');
    expect((await call('PATCH', `/api/admin/users/${user.id}/`, { first_name: 'Selam' })).statusCode).toBe(
      200,
    );
    expect((await call('PATCH', `/api/admin/users/${user.id}/`, { role: 'tutor' })).statusCode).toBe(200);
    expect(
      (await call('PATCH', `/api/admin/users/${user.id}/`, { password: 'admin-set-pass-7' })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/admin/users/${user.id}/`)).statusCode).toBe(204);
    expect((await call('PATCH', `/api/admin/users/${user.id}/`, { is_active: true })).statusCode).toBe(200);

    const entries = await trail(user.id);
    expect(entries.map((e) => e.action)).toEqual([
      'activate',
      'deactivate',
      'set_password',
      'change_role',
      'update',
    ]);
    for (const e of entries)
      expect(e).toMatchObject({ actor_user_id: admin.id, actor_username: admin.username });
    const [activate, deactivate, setPassword, changeRole, update] = entries;
    expect(update).toMatchObject({ before: { first_name: '' }, after: { first_name: 'Selam' } });
    expect(changeRole).toMatchObject({ before: { role: 'student' }, after: { role: 'tutor' } });
    expect(setPassword!.after).toMatchObject({ has_password: true, password: 'set by an administrator' });
    expect(setPassword!.before).not.toHaveProperty('password');
    expect(deactivate).toMatchObject({ before: { is_active: true }, after: { is_active: false } });
    expect(activate).toMatchObject({ before: { is_active: false }, after: { is_active: true } });

    const stored = await storedText(user.id);
    expect(stored).not.toContain('admin-set-pass-7');
    expect(stored).not.toContain(user.password);
    expect(stored).not.toMatch(/\$argon2|password_?hash/i);
  });

  it('records nothing for a refused write', async () => {
    const user = await createUser(t.app, 'student');
    const other = await createUser(t.app, 'student');
    const clash = await call('PATCH', `/api/admin/users/${user.id}/`, { email: other.email });
    expect(clash.statusCode).toBe(400);
    expect(await trail(user.id)).toEqual([]);
  });
});
