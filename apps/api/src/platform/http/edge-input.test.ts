import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { bearer, createUser, loginAs } from '../../modules/accounts/accounts.test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { controlCharacterMessage } from './edge-input.ts';
import { loggableError } from './loggable-error.ts';

/** Issue 12 item 9: no 500 from text, and no personal data in the log from a failed query. */
describe('control characters at the edge', () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer((await loginAs(t.app, await createUser(t.app, 'admin'))).access);
  });
  afterAll(() => t.close());

  const contact = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contacts/',
      payload,
      remoteAddress: `10.70.0.${Math.floor(Math.random() * 250)}`,
    });

  it('refuses NUL and other controls in a body with 400 and the field, and stores nothing', async () => {
    for (const name of ['Meron\u0000', 'Meron\u001b[31m', 'Meron\u0085', 'Meron\ud800']) {
      const res = await contact({ name, email: 'meron@example.test', message: 'Hello' });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toEqual({
        detail: controlCharacterMessage,
        code: 'control_characters',
        errors: { name: [controlCharacterMessage] },
        field_codes: { name: [{ code: 'control_characters' }] },
      });
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/contacts/', headers: admin });
    expect(list.json()).toEqual([]);
  });

  it('keeps tabs and line breaks in multi-line text', async () => {
    const res = await contact({
      name: 'Meron',
      email: 'meron@example.test',
      message: 'Line one\r\nLine two\n\tindented',
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses controls (line breaks too) in the query and the path, and in nested keys', async () => {
    const query = await t.app.inject({ method: 'GET', url: '/api/tutors/public/?q=abc%0Adef' });
    expect(query.statusCode).toBe(400);
    expect(query.json().errors).toEqual({ q: [controlCharacterMessage] });
    const nul = await t.app.inject({ method: 'GET', url: '/api/blog/posts/a%00b/' });
    expect(nul.statusCode).toBe(400);
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { username: 'abebe', password: 'x', extra: { 'k\u0000': 1 } },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().detail).toBe(controlCharacterMessage);
  });

  it('a failed query is logged without the values it carried', async () => {
    const email = 'hana.tesfaye@example.test';
    await t.app.db.insert(users).values({ username: 'hana_t', email, role: 'student' });
    let error: unknown;
    try {
      await t.app.db.insert(users).values({ username: 'Hana Tesfaye', email, role: 'student' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeDefined();
    // The raw error does carry them (what used to reach the log).
    expect(JSON.stringify({ m: (error as Error).message, c: String((error as Error).cause) })).toContain(
      email,
    );
    const logged = JSON.stringify(loggableError(error));
    expect(logged).not.toContain(email);
    expect(logged).not.toContain('Hana Tesfaye');
    expect(logged).toContain('23505');
    expect(loggableError(error).query).toContain('insert into "users"');
  });
});
