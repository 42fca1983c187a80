import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogMessages } from '@tibeb/domain/blog/messages';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bearer } from '../catalog/test/fixtures.ts';
import { seedBlogFixtures } from './blog.fixtures.ts';

/**
 * Issue 31, item 1 (decision 255): every public text field has a length limit on the server. A text over the
 * limit is a 400 naming the field, never a 500; a 300-character unbroken word within the limit is kept whole.
 */
const word = 'x'.repeat(300);
let n = 0;
const from = () => `10.31.${Math.floor(n / 250)}.${(n++ % 250) + 1}`;

describe('length limits on the texts people write', () => {
  let t: TestApp;
  let fx: Awaited<ReturnType<typeof seedBlogFixtures>>;
  beforeAll(async () => {
    t = await createTestApp();
    fx = await seedBlogFixtures(t.app.db);
  });
  afterAll(() => t.close());

  const contact = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/contacts/', payload, remoteAddress: from() });

  it('contact form: a long word is kept, a message or name over the limit is a 400 with its field', async () => {
    const ok = await contact({
      name: 'Meron',
      email: 'meron@example.com',
      message: `${word} https://example.com/${word}`,
    });
    expect(ok.statusCode).toBe(201);

    const long = await contact({ name: 'Meron', email: 'meron@example.com', message: 'y'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('Message must be at most 5000 characters.');

    const name = await contact({ name: word, email: 'meron@example.com', message: 'Hello' });
    expect(name.statusCode).toBe(400);
    expect(JSON.stringify(name.json())).toContain('Name must be at most 120 characters.');
  });

  it('blog comment: a body over 2000 characters is a 400 with the spec text, a long word is fine', async () => {
    const post = (body: string, name = 'Meron') =>
      t.app.inject({
        method: 'POST',
        url: '/api/blog/comments/',
        payload: { post: fx.post('post-5'), name, email: 'meron@example.com', body },
        remoteAddress: from(),
      });
    expect((await post(word)).statusCode).toBeLessThan(300);
    const long = await post('z'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain(blogMessages.bodyTooLong);
    const name = await post('Thanks', word);
    expect(name.statusCode).toBe(400);
  });

  it('admin tutor profile: a bio over 4000 characters or a 300-character name is a 400, never a 500', async () => {
    const admin = await bearer(t.config.jwtSecret, 'admin', t.app.db);
    const create = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/tutors/', headers: admin, payload });
    const bio = await create({
      full_name: 'Meron Haile',
      subject: 'Maths',
      hourly_rate: 10,
      bio: 'b'.repeat(4001),
    });
    expect(bio.statusCode).toBe(400);
    expect(JSON.stringify(bio.json())).toContain('bio');
    const name = await create({ full_name: word, subject: 'Maths', hourly_rate: 10 });
    expect(name.statusCode).toBe(400);
    expect(JSON.stringify(name.json())).toContain('full_name');
  });
});
