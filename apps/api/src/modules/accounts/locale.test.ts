import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@tibeb/domain/accounts/roles';
import { findUserById } from './accounts.repository.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bearer, createUser, loginAs } from './accounts.test-helpers.ts';

/** One's own language (issue 18): the header's language switch calls it for a signed-in person. */
describe('PUT /api/accounts/locale/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const put = (access: string | null, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/accounts/locale/',
      payload: payload as object,
      headers: access ? bearer(access) : {},
    });

  it('refuses a visitor and a forged token', async () => {
    expect((await put(null, { locale: 'am' })).statusCode).toBe(401);
    expect((await put('not-a-token', { locale: 'am' })).statusCode).toBe(401);
  });

  it('stores the language of every role, and back again', async () => {
    for (const role of roles) {
      const user = await createUser(t.app, role);
      const { access } = await loginAs(t.app, user);
      expect(user.locale).toBe('en');
      const res = await put(access, { locale: 'am' });
      expect(res.statusCode, `${role}: ${res.body}`).toBe(204);
      expect((await findUserById(t.app.db, user.id))!.locale).toBe('am');
      expect((await put(access, { locale: 'en' })).statusCode).toBe(204);
      expect((await findUserById(t.app.db, user.id))!.locale).toBe('en');
    }
  });

  it('answers 400, not 500, to anything but en or am, and changes nothing', async () => {
    const user = await createUser(t.app, 'student');
    const { access } = await loginAs(t.app, user);
    for (const payload of [{}, { locale: 'fr' }, { locale: 'AM' }, { locale: 1 }, { locale: null }, []]) {
      const res = await put(access, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toBeTruthy();
    }
    expect((await findUserById(t.app.db, user.id))!.locale).toBe('en');
  });
});
