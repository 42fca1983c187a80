import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bearer, createUser, loginAs, uniq } from './accounts.test-helpers.ts';

/**
 * The admin users list at the growth sizes (decision 243): the search reads the trigram index of the lower-cased
 * username, e-mail and full name, still any substring with `%` and `_` taken literally; the kept count and page
 * follow every write.
 */
describe('admin: users search and kept count', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const tag = uniq();
  beforeAll(async () => {
    t = await createTestApp();
    auth = bearer((await loginAs(t.app, await createUser(t.app, 'admin'))).access);
    for (const [username, firstName, lastName] of [
      [`srch_${tag}_a%b`, 'Hirut', 'Tadesse'],
      [`srch_${tag}_axb`, 'Kaleb', 'Mesfin'],
    ] as const) {
      const user = await createUser(t.app, 'tutor', { username });
      await t.app.db.update(users).set({ firstName, lastName }).where(eq(users.id, user.id));
    }
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/users/?${query}`, headers: auth });
    expect(res.statusCode).toBe(200);
    return res.json() as { count: number; results: { username: string }[] };
  };
  const names = async (q: string) =>
    (await list(`q=${encodeURIComponent(q)}`)).results.map((u) => u.username).sort();

  it('finds a substring of the username, e-mail or full name; % and _ are literal', async () => {
    expect(await names(`${tag}_A`)).toEqual([`srch_${tag}_a%b`, `srch_${tag}_axb`]);
    expect(await names('RUT TADE')).toEqual([`srch_${tag}_a%b`]);
    expect(await names(`${tag}_a%`)).toEqual([`srch_${tag}_a%b`]);
    // `_` would match any one character: literal, `x` is not `_`.
    expect(await names(`${tag}_a_b`)).toEqual([]);
    expect(await names('aleb mes')).toEqual([`srch_${tag}_axb`]);
  });

  it('the kept count and page change with every write', async () => {
    const before = await list(`q=srch_${tag}&page_size=1`);
    expect(before.count).toBe(2);
    const all = (await list('page_size=1')).count;
    await createUser(t.app, 'student', { username: `srch_${tag}_new` });
    const after = await list(`q=srch_${tag}&page_size=1`);
    expect(after.count).toBe(3);
    expect(after.results[0]!.username).toBe(`srch_${tag}_new`);
    expect((await list('page_size=1')).count).toBe(all + 1);
    expect((await list(`q=srch_${tag}&page=4&page_size=1`)).results).toEqual([]);
  });
});
