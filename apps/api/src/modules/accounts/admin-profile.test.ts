import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { profileMessages } from '@tibeb/domain/admin/profile';
import { users } from '../../platform/db/schema/users.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

describe('admin profile: own name, e-mail and password', () => {
  let t: TestApp;
  let auth: { authorization: string };
  let adminId: string;
  const password = 'Correct-horse-7-battery';

  const login = (username: string, pass: string) =>
    t.app.inject({ method: 'POST', url: '/api/accounts/login/', payload: { username, password: pass } });

  beforeAll(async () => {
    t = await createTestApp();
    const [admin] = await t.app.db
      .insert(users)
      .values({
        username: 'profile-admin',
        email: 'profile-admin@example.com',
        role: 'admin',
        passwordHash: await hashPassword(password),
        emailVerifiedAt: new Date(),
      })
      .returning();
    adminId = admin!.id;
    await t.app.db
      .insert(users)
      .values({ username: 'someone-else', email: 'taken@example.com', role: 'student' });
    const res = await login('profile-admin', password);
    expect(res.statusCode).toBe(200);
    auth = { authorization: `Bearer ${res.json().access}` };
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'PATCH' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
    headers = auth,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('reads and changes own name and e-mail, audited', async () => {
    expect((await call('GET', '/api/admin/profile/')).json()).toMatchObject({
      username: 'profile-admin',
      email: 'profile-admin@example.com',
    });
    const res = await call('PATCH', '/api/admin/profile/', {
      first_name: 'Meskerem',
      last_name: 'Alemu',
      email: 'meskerem@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Meskerem',
      last_name: 'Alemu',
      email: 'meskerem@example.com',
    });
    const trail = (await call('GET', `/api/admin/audit/?entity_type=user&entity_id=${adminId}`)).json();
    expect(trail[0]).toMatchObject({
      action: 'update_profile',
      actor_user_id: adminId,
      before: { email: 'profile-admin@example.com' },
      after: { email: 'meskerem@example.com' },
    });
  });

  it('refuses a bad or taken e-mail and over-long names', async () => {
    const bad = await call('PATCH', '/api/admin/profile/', {
      first_name: 'A',
      last_name: 'B',
      email: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.email).toEqual([accountMessages.emailInvalid]);
    const taken = await call('PATCH', '/api/admin/profile/', {
      first_name: 'A',
      last_name: 'B',
      email: 'TAKEN@example.com',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors.email).toEqual([accountMessages.emailTaken]);
    const long = await call('PATCH', '/api/admin/profile/', {
      first_name: 'x'.repeat(151),
      last_name: 'B',
      email: 'a@example.com',
    });
    expect(long.json().errors.first_name).toEqual(['At most 150 characters.']);
  });

  it('changes the password after the current one, and ends every session', async () => {
    const wrong = await call('POST', '/api/admin/profile/password/', {
      current_password: 'not-it',
      new_password: 'Another-long-pass-42',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.current_password).toEqual([profileMessages.currentPasswordWrong]);
    const weak = await call('POST', '/api/admin/profile/password/', {
      current_password: password,
      new_password: '1',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.new_password).toBeDefined();

    const ok = await call('POST', '/api/admin/profile/password/', {
      current_password: password,
      new_password: 'Another-long-pass-42',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().detail).toBe(profileMessages.passwordChanged);
    expect((await call('GET', '/api/admin/profile/')).statusCode).toBe(401);
    expect((await login('profile-admin', password)).statusCode).toBe(401);
    expect((await login('profile-admin', 'Another-long-pass-42')).statusCode).toBe(200);
  });

  it('is for admin-level roles only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/profile/' })).statusCode).toBe(401);
  });
});
