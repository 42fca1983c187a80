import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { queryRows } from './client.ts';
import { reservations, sessions, tutors } from './schema/index.ts';

describe('migrations and the database rules', () => {
  let database: TestDatabase;
  let tutorId: number;
  let reservationId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const [tutor] = await database.db
      .insert(tutors)
      .values({ fullName: 'Abebe Kebede', subject: 'math', hourlyRateCents: 2000 })
      .returning();
    tutorId = tutor!.id;
    const [reservation] = await database.db
      .insert(reservations)
      .values({
        tutorId,
        date: '2030-01-07',
        time: '10:00',
        durationMinutes: 60,
        fullName: 'Hana Tesfaye',
        email: 'hana@example.com',
        studentFullName: 'Lidya Tesfaye',
        amountCents: 8000,
        holdExpiresAt: new Date(Date.now() + 30 * 60_000),
      })
      .returning();
    reservationId = reservation!.id;
  });
  afterAll(() => database.close());

  it('creates every table of the schema', async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = rows.map((r) => r.table_name);
    for (const table of [
      'users',
      'refresh_tokens',
      'password_tokens',
      'subjects',
      'tutors',
      'tutor_availability',
      'reviews',
      'offers',
      'reservations',
      'sessions',
      'payments',
      'refunds',
      'webhook_events',
      'contact_messages',
      'newsletter_subscribers',
      'blog_posts',
      'blog_categories',
      'blog_tags',
      'blog_post_tags',
      'blog_comments',
      'conversations',
      'messages',
      'progress_notes',
      'site_settings',
    ]) {
      expect(names).toContain(table);
    }
  });

  it('refuses a second active session of one tutor that overlaps the first (SQLSTATE 23P01)', async () => {
    const at = (h: number, m = 0) => new Date(Date.UTC(2030, 0, 7, h, m));
    await database.db
      .insert(sessions)
      .values({ reservationId, tutorId, startsAt: at(7), endsAt: at(8), status: 'scheduled' });
    const overlapping = database.db
      .insert(sessions)
      .values({ reservationId, tutorId, startsAt: at(7, 30), endsAt: at(8, 30), status: 'held' });
    await expect(overlapping).rejects.toSatisfy((err: unknown) => findCode(err) === '23P01');
    // Touching ends do not overlap, and inactive sessions never block.
    await database.db
      .insert(sessions)
      .values({ reservationId, tutorId, startsAt: at(8), endsAt: at(9), status: 'held' });
    await database.db
      .insert(sessions)
      .values({ reservationId, tutorId, startsAt: at(7), endsAt: at(8), status: 'expired' });
    const count = await database.db.$count(sessions);
    expect(count).toBe(3);
  });
});

function findCode(err: unknown): string | undefined {
  let e: unknown = err;
  while (e && typeof e === 'object') {
    if ('code' in e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}
