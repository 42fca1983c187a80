import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bearer, createUser, decodeMail, loginAs, uniq } from './accounts.test-helpers.ts';

describe('admin: users', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, 'admin');
    auth = bearer((await loginAs(t.app, admin)).access);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = auth) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('lists with search and paging', async () => {
    const tag = uniq();
    for (let i = 0; i < 3; i += 1) await createUser(t.app, 'tutor', { username: `pager_${tag}_${i}` });
    const page1 = await call('GET', `/api/admin/users/?q=${tag}&page_size=2`);
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ count: 3, page: 1, page_size: 2 });
    expect(page1.json().results).toHaveLength(2);
    const page2 = (await call('GET', `/api/admin/users/?q=${tag.toUpperCase()}&page_size=2&page=2`)).json();
    expect(page2.results).toHaveLength(1);
    const names = [...page1.json().results, ...page2.results].map((u: { username: string }) => u.username);
    expect(new Set(names).size).toBe(3);
    const byRole = (await call('GET', `/api/admin/users/?q=${tag}&role=student`)).json();
    expect(byRole.count).toBe(0);
    expect((await call('GET', '/api/admin/users/?page=0')).statusCode).toBe(400);
  });

  it('creates with a role; without a password the person is e-mailed a set-password link', async () => {
    const name = `newtutor_${uniq()}`;
    const res = await call('POST', '/api/admin/users/', {
      username: name,
      email: `${name}@example.test`,
      role: 'tutor',
      first_name: 'Hanna',
      last_name: 'Tesfaye',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: name,
      role: 'tutor',
      has_password: false,
      first_name: 'Hanna',
    });
    const [mail] = await t.app.mailer.readOutbox(`${name}@example.test`);
    const token = /reset-password\?token=([\w-]+)/.exec(decodeMail(mail!))?.[1];
    expect(token).toBeTruthy();
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/password-reset/confirm/',
      payload: { token, password: 'tutor-pass-5' },
    });
    expect(set.statusCode).toBe(200);
    expect((await loginAs(t.app, { username: name, password: 'tutor-pass-5' })).role).toBe('tutor');

    const dup = await call('POST', '/api/admin/users/', {
      username: name,
      email: 'x@example.test',
      role: 'student',
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors.username).toEqual([accountMessages.usernameTaken]);
  });

  it('views, edits and deactivates; a deactivated user cannot sign in', async () => {
    const user = await createUser(t.app, 'student');
    const view = await call('GET', `/api/admin/users/${user.id}/`);
    expect(view.json()).toMatchObject({ id: user.id, is_active: true });
    const edit = await call('PATCH', `/api/admin/users/${user.id}/`, {
      first_name: 'Selam',
      phone: '+251 911 000000',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ first_name: 'Selam', phone: '+251 911 000000' });
    const del = await call('DELETE', `/api/admin/users/${user.id}/`);
    expect(del.statusCode).toBe(204);
    expect((await call('GET', `/api/admin/users/${user.id}/`)).json().is_active).toBe(false);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { username: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(403);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await call('GET', '/api/admin/users/00000000-0000-4000-8000-000000000000/')).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/admin/users/not-a-uuid/')).statusCode).toBe(400);
  });

  it('never removes the last administrator', async () => {
    // A fresh app, so that exactly one administrator exists.
    const solo = await createTestApp();
    try {
      const only = await createUser(solo.app, 'admin');
      const staff = await createUser(solo.app, 'staff');
      const onlyAuth = bearer((await loginAs(solo.app, only)).access);
      const self = await solo.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${only.id}/`,
        headers: onlyAuth,
      });
      expect(self.statusCode).toBe(400);
      expect(self.json().detail).toBe(accountMessages.cannotDeactivateSelf);
      const demote = await solo.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${only.id}/`,
        headers: onlyAuth,
        payload: { role: 'student' },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().detail).toBe('The last administrator cannot be removed.');
      // Staff may not touch admin accounts at all.
      const staffAuth = bearer((await loginAs(solo.app, staff)).access);
      const byStaff = await solo.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${only.id}/`,
        headers: staffAuth,
      });
      expect(byStaff.statusCode).toBe(403);
      // With a second administrator, the first can be deactivated.
      const second = await createUser(solo.app, 'superuser');
      const ok = await solo.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${second.id}/`,
        headers: onlyAuth,
      });
      expect(ok.statusCode).toBe(204);
      const third = await createUser(solo.app, 'admin');
      const removeFirst = await solo.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${only.id}/`,
        headers: bearer((await loginAs(solo.app, third)).access),
      });
      expect(removeFirst.statusCode).toBe(204);
    } finally {
      await solo.close();
    }
  });

  it('refuses other roles and visitors', async () => {
    const tutor = await createUser(t.app, 'tutor');
    const tutorAuth = bearer((await loginAs(t.app, tutor)).access);
    expect((await call('GET', '/api/admin/users/', undefined, tutorAuth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users/' })).statusCode).toBe(401);
  });
});
