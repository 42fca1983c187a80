import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/passwords.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import { users } from '../schema/index.ts';
import { createAdmin, CreateAdminError } from './create-admin.ts';

describe('createAdmin', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 180_000);
  afterAll(() => database?.close());

  it('creates an administrator whose password verifies', async () => {
    const admin = await createAdmin(database.db, {
      username: 'ops-lead',
      email: 'Ops.Lead@Example.com',
      password: 'correct horse',
    });
    expect(admin).toMatchObject({ username: 'ops-lead', email: 'ops.lead@example.com', role: 'admin' });
    const [row] = await database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.role).toBe('admin');
    expect(await verifyPassword(row?.passwordHash, 'correct horse')).toBe(true);
  });

  it('refuses a username or e-mail that is already taken, whatever the case', async () => {
    await createAdmin(database.db, {
      username: 'root-admin',
      email: 'root@example.com',
      password: 'longenough',
    });
    await expect(
      createAdmin(database.db, {
        username: 'ROOT-ADMIN',
        email: 'other@example.com',
        password: 'longenough',
      }),
    ).rejects.toThrow(new CreateAdminError('A user named "ROOT-ADMIN" already exists.'));
    await expect(
      createAdmin(database.db, {
        username: 'someone-else',
        email: 'ROOT@example.com',
        password: 'longenough',
      }),
    ).rejects.toThrow('A user with the e-mail root@example.com already exists.');
    expect(await database.db.$count(users, eq(users.email, 'other@example.com'))).toBe(0);
  });

  it('refuses a password shorter than 8 characters and a malformed e-mail', async () => {
    await expect(
      createAdmin(database.db, { username: 'shorty', email: 'shorty@example.com', password: '1234567' }),
    ).rejects.toThrow('Password: at least 8 characters.');
    await expect(
      createAdmin(database.db, { username: 'bad-mail', email: 'not an email', password: 'longenough' }),
    ).rejects.toThrow('E-mail: enter a valid e-mail address.');
    await expect(
      createAdmin(database.db, { username: 'x', email: 'x@example.com', password: 'longenough' }),
    ).rejects.toBeInstanceOf(CreateAdminError);
    expect(await database.db.$count(users, eq(users.username, 'shorty'))).toBe(0);
  });
});
