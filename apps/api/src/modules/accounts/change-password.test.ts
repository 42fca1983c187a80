import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bearer, createUser, loginAs } from './accounts.test-helpers.ts';

/** One's own password, from any area (the tutor's profile, the family's settings, the admin's profile). */
describe('POST /api/accounts/password/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const change = (access: string | null, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/accounts/password/',
      payload,
      headers: access ? bearer(access) : {},
    });

  it('refuses visitors, a wrong current password and a weak new one', async () => {
    expect((await change(null, { current_password: 'x', new_password: 'another-pass-2' })).statusCode).toBe(
      401,
    );
    const tutor = await createUser(t.app, 'tutor');
    const { access } = await loginAs(t.app, tutor);
    const wrong = await change(access, { current_password: 'not-it', new_password: 'another-pass-2' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.current_password).toEqual([accountMessages.currentPasswordWrong]);
    const weak = await change(access, { current_password: tutor.password, new_password: '' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.new_password).toEqual([accountMessages.passwordRequired]);
  });

  it('changes a tutor’s password and ends every session: access and refresh tokens stop working', async () => {
    const tutor = await createUser(t.app, 'tutor');
    const first = await loginAs(t.app, tutor);
    const other = await loginAs(t.app, tutor);
    const ok = await change(first.access, {
      current_password: tutor.password,
      new_password: 'another-pass-2',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().detail).toBe(accountMessages.passwordChanged);
    const me = await t.app.inject({ method: 'GET', url: '/api/accounts/me/', headers: bearer(other.access) });
    expect(me.statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/refresh/',
      payload: { refresh: other.refresh },
    });
    expect(refreshed.statusCode).toBe(401);
    await expect(loginAs(t.app, tutor)).rejects.toThrow(/401/);
    expect((await loginAs(t.app, { ...tutor, password: 'another-pass-2' })).role).toBe('tutor');
  });
});
