import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bearer, insertTutor } from './test/fixtures.ts';

/**
 * GET /api/admin/tutors/ at the growth sizes (decision 243): the name or subject search reads a trigram index
 * and still finds any substring, `%` and `_` taken literally; the kept count and page follow every write.
 */
describe('admin tutor list: search and kept count', () => {
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await bearer(t.config.jwtSecret, 'admin', t.app.db);
    await insertTutor(t.app.db, { fullName: 'Meseret 50% Alemu', subject: 'Physics' });
    await insertTutor(t.app.db, { fullName: 'Meseret_Bekele', subject: 'Biology' });
    await insertTutor(t.app.db, { fullName: 'Meseretx Chala', subject: 'Mathematics' });
  });
  afterAll(() => t.close());

  const page = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/tutors/?page=1&${query}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { count: number; results: { full_name: string }[] };
  };
  const names = async (q: string) =>
    (await page(`q=${encodeURIComponent(q)}`)).results.map((r) => r.full_name).sort();

  it('finds a substring of the name or subject; % and _ are literal', async () => {
    expect(await names('SERET 5')).toEqual(['Meseret 50% Alemu']);
    expect(await names('hemat')).toEqual(['Meseretx Chala']);
    expect(await names('0%')).toEqual(['Meseret 50% Alemu']);
    expect(await names('meseret_')).toEqual(['Meseret_Bekele']);
  });

  it('the kept count and page change with every write', async () => {
    expect((await page('q=meseret')).count).toBe(3);
    await insertTutor(t.app.db, { fullName: 'Meseret Added', subject: 'History' });
    const after = await page('q=meseret');
    expect(after.count).toBe(4);
    expect(after.results.map((r) => r.full_name)).toContain('Meseret Added');
  });
});
