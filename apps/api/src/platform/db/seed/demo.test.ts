import fs from 'node:fs';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/passwords.ts';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/harness.ts';
import { queryRows } from '../client.ts';
import {
  blogCategories,
  blogComments,
  blogPosts,
  blogTags,
  messages,
  offers,
  payments,
  reservations,
  reviews,
  sessions,
  siteSettings,
  subjects,
  tutorAvailability,
  tutors,
  users,
} from '../schema/index.ts';
import { demoPosts } from './blog.data.ts';
import {
  demoAccountsNotice,
  demoTutorAccounts,
  eatInstant,
  nextWeekdayAt,
  seedDemoData,
  usernameFromName,
} from './demo.ts';
import { demoTutors } from './tutors.data.ts';

const webPublic = new URL('../../../../../web/public', import.meta.url).pathname;
const mappingSubjects = [
  'math',
  'maths',
  'physics',
  'Science',
  'biology',
  'Chemistry',
  'Amharic',
  'English',
  'Python',
  'JavaScript',
  'Tigrigna',
  'Afaan Oromoo',
];
const categoryOf: Record<string, string> = {
  math: 'mathematics',
  maths: 'mathematics',
  physics: 'sciences',
  Science: 'sciences',
  biology: 'sciences',
  Chemistry: 'sciences',
  Amharic: 'languages',
  English: 'languages',
  Tigrigna: 'languages',
  'Afaan Oromoo': 'languages',
  Python: 'coding',
  JavaScript: 'coding',
};

describe('demo data', () => {
  let database: TestDatabase;
  let seeded: boolean;
  let seedMs: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    const started = performance.now();
    seeded = await seedDemoData(database.db, testConfig());
    seedMs = performance.now() - started;
    // A fresh embedded database plus the seed; generous because the CI machine may be busy.
  }, 180_000);
  afterAll(() => database?.close());

  it('seeds an empty database in a few seconds', () => {
    expect(seeded).toBe(true);
    expect(seedMs).toBeLessThan(15_000);
  });

  it('has the four subjects with the spec’s levels and prices', async () => {
    const rows = await database.db.select().from(subjects).orderBy(subjects.id);
    expect(rows.map((s) => [s.slug, s.name, s.category, s.level])).toEqual([
      ['mathematics', 'Mathematics', 'Mathematics', 'Beginner to Advanced'],
      ['sciences', 'Sciences', 'Sciences', 'Grades 5-12'],
      ['languages', 'Languages', 'Languages', 'Conversational to Academic'],
      ['coding', 'Coding', 'Coding', 'Kids & Teens'],
    ]);
    for (const s of rows) {
      expect(s.isActive).toBe(true);
      expect(s.pricePerHourCents).toBeGreaterThanOrEqual(1000);
      expect(s.description.length).toBeGreaterThan(20);
    }
  });

  it('has at least 16 published tutors covering every subject of the mapping, in the right category', async () => {
    const rows = await database.db
      .select({ tutor: tutors, subjectSlug: subjects.slug })
      .from(tutors)
      .leftJoin(subjects, eq(subjects.id, tutors.subjectId));
    const published = rows.filter((r) => r.tutor.isPublished);
    expect(published.length).toBeGreaterThanOrEqual(16);
    expect(rows.some((r) => !r.tutor.isPublished)).toBe(true);
    for (const subject of mappingSubjects) {
      expect(published.map((r) => r.tutor.subject)).toContain(subject);
    }
    for (const { tutor, subjectSlug } of rows) {
      expect(subjectSlug).toBe(categoryOf[tutor.subject]);
      expect(tutor.gradeFrom).toBeLessThanOrEqual(tutor.gradeTo);
      expect(tutor.hourlyRateCents).toBeGreaterThanOrEqual(1200);
      expect(tutor.hourlyRateCents).toBeLessThanOrEqual(4000);
      expect(tutor.timeZone).toBe('Africa/Addis_Ababa');
      expect(tutor.education).not.toBe('');
      expect(tutor.teachingStyle).not.toBe('');
    }
    // Long enough bios for the directory's 100-character preview cut, and varied grade ranges.
    expect(published.filter((r) => r.tutor.bio.length > 100).length).toBeGreaterThanOrEqual(10);
    expect(
      new Set(published.map((r) => `${r.tutor.gradeFrom}-${r.tutor.gradeTo}`)).size,
    ).toBeGreaterThanOrEqual(6);
  });

  it('gives every tutor 30-minute aligned availability on most days', async () => {
    const windows = await database.db.select().from(tutorAvailability);
    const all = await database.db.select({ id: tutors.id }).from(tutors);
    for (const { id } of all) {
      const mine = windows.filter((w) => w.tutorId === id);
      expect(new Set(mine.map((w) => w.weekday)).size).toBeGreaterThanOrEqual(5);
      for (const w of mine) {
        expect(w.startTime).toMatch(/^([01]\d|2[0-3]):(00|30)$/);
        expect(w.endTime).toMatch(/^([01]\d|2[0-3]):(00|30)$/);
        expect(w.startTime < w.endTime).toBe(true);
      }
    }
  });

  it('gives every published tutor but one 3 to 12 reviews with varied averages', async () => {
    const rows = await queryRows<{ id: number; count: number; avg: number | null }>(
      database.db,
      sql`select t.id, count(r.id)::int as count, avg(r.rating)::float as avg
          from tutors t left join reviews r on r.tutor_id = t.id
          where t.is_published group by t.id`,
    );
    const withoutReviews = rows.filter((r) => r.count === 0);
    expect(withoutReviews).toHaveLength(1);
    for (const r of rows.filter((r) => r.count > 0)) {
      expect(r.count).toBeGreaterThanOrEqual(3);
      expect(r.count).toBeLessThanOrEqual(12);
      expect(r.avg!).toBeGreaterThanOrEqual(4.2);
      expect(r.avg!).toBeLessThanOrEqual(5);
    }
    const averages = new Set(rows.filter((r) => r.count > 0).map((r) => r.avg!.toFixed(1)));
    expect(averages.size).toBeGreaterThanOrEqual(4);
    expect(await database.db.$count(reviews, eq(reviews.rating, 0))).toBe(0);
  });

  it('has a profile image file in the web app for every tutor', async () => {
    const rows = await database.db.select({ image: tutors.profileImage }).from(tutors);
    for (const { image } of rows) {
      expect(image).toMatch(/^\/images\/tutors\/[a-z-]+\.svg$/);
      expect(fs.existsSync(webPublic + image), image).toBe(true);
    }
    expect(fs.existsSync(`${webPublic}/images/default-avatar.svg`)).toBe(true);
  });

  it('has offers, contact settings and a blog with categories, tags, covers and comments', async () => {
    expect(await database.db.$count(offers, eq(offers.isActive, true))).toBeGreaterThanOrEqual(3);
    const [contact] = await database.db.select().from(siteSettings).where(eq(siteSettings.key, 'contact'));
    expect(contact?.value).toMatchObject({
      address: 'Bole Road, Friendship Building, 4th floor, Addis Ababa, Ethiopia',
      phone: '+251 11 667 8899',
      email: 'hello@tibeb.example',
    });

    const posts = await database.db.select().from(blogPosts);
    const published = posts.filter((p) => p.status === 'published');
    expect(published.length).toBeGreaterThanOrEqual(12);
    expect(posts.some((p) => p.status === 'draft' && p.publishedAt === null)).toBe(true);
    expect(published.some((p) => p.excerpt === '')).toBe(true);
    for (const post of published) {
      expect(post.publishedAt!.getTime()).toBeLessThanOrEqual(Date.now());
      expect(post.body.split(/\n\s*\n/).length).toBeGreaterThanOrEqual(4);
      expect(post.body.split(/\s+/).length).toBeGreaterThanOrEqual(300);
      expect(fs.existsSync(webPublic + post.coverImageUrl), post.coverImageUrl).toBe(true);
    }
    expect(new Set(published.map((p) => p.categoryId)).size).toBeGreaterThanOrEqual(4);
    expect(await database.db.$count(blogCategories)).toBeGreaterThanOrEqual(4);
    expect(await database.db.$count(blogTags)).toBeGreaterThanOrEqual(6);
    const used = await queryRows<{ n: number }>(
      database.db,
      sql`select count(distinct tag_id)::int as n from blog_post_tags`,
    );
    expect(used[0]!.n).toBeGreaterThanOrEqual(6);
    expect(
      await database.db.$count(blogComments, eq(blogComments.status, 'approved')),
    ).toBeGreaterThanOrEqual(5);
    expect(await database.db.$count(blogComments, eq(blogComments.status, 'pending'))).toBe(1);
    expect(new Set(demoPosts.map((p) => p.slug)).size).toBe(demoPosts.length);
  });

  it('has the three demo accounts with password demo1234 and their roles', async () => {
    const rows = await database.db.select().from(users);
    const byName = new Map(rows.map((u) => [u.username, u]));
    for (const [username, role] of [
      ['admin', 'admin'],
      ['tutor', 'tutor'],
      ['student', 'student'],
    ] as const) {
      const user = byName.get(username);
      expect(user?.role).toBe(role);
      expect(await verifyPassword(user?.passwordHash, 'demo1234')).toBe(true);
      expect(await verifyPassword(user?.passwordHash, 'wrong-password')).toBe(false);
      expect(user?.emailVerifiedAt, `${username} is verified`).toBeInstanceOf(Date);
    }
    const [linked] = await database.db
      .select()
      .from(tutors)
      .where(eq(tutors.userId, byName.get('tutor')!.id));
    expect(linked?.isPublished).toBe(true);
  });

  it('gives every demo tutor its own tutor account, named after the tutor, password demo1234', async () => {
    const rows = await database.db
      .select({ tutor: tutors, user: users })
      .from(tutors)
      .leftJoin(users, eq(users.id, tutors.userId));
    expect(rows).toHaveLength(demoTutors.length);
    const usernames = rows.map((r) => r.user?.username);
    expect(new Set(usernames).size).toBe(rows.length);
    for (const { tutor, user } of rows) {
      expect(user?.role, tutor.fullName).toBe('tutor');
      expect(user?.emailVerifiedAt, tutor.fullName).toBeInstanceOf(Date);
      expect(`${user?.firstName} ${user?.lastName}`).toBe(tutor.fullName);
      // The `tutor` account keeps Abebe Bekele's profile; every other is the name in lower-case, dot-joined.
      expect(user?.username).toBe(
        tutor.fullName === 'Abebe Bekele' ? 'tutor' : tutor.fullName.toLowerCase().replace(' ', '.'),
      );
      expect(await verifyPassword(user?.passwordHash, 'demo1234'), tutor.fullName).toBe(true);
    }
    expect(rows.find((r) => r.tutor.fullName === 'Hana Tesfaye')?.user?.username).toBe('hana.tesfaye');
    // `npm start` prints them with the other demo accounts.
    const notice = demoAccountsNotice();
    expect(notice).toContain('Demo accounts (password demo1234): admin, tutor, student');
    for (const a of demoTutorAccounts) expect(notice).toContain(a.username);
  });

  it('gives the student a confirmed, paid reservation with the tutor account, with sessions to come', async () => {
    const [student] = await database.db.select().from(users).where(eq(users.username, 'student'));
    const [tutorUser] = await database.db.select().from(users).where(eq(users.username, 'tutor'));
    const [tutor] = await database.db.select().from(tutors).where(eq(tutors.userId, tutorUser!.id));
    const [reservation] = await database.db
      .select()
      .from(reservations)
      .where(eq(reservations.familyUserId, student!.id));
    expect(reservation).toMatchObject({ status: 'confirmed', tutorId: tutor!.id, currency: 'USD' });

    const rows = await database.db.select().from(sessions).where(eq(sessions.reservationId, reservation!.id));
    const upcoming = rows.filter((s) => s.status === 'scheduled');
    expect(upcoming).toHaveLength(4);
    for (const s of upcoming) expect(s.startsAt.getTime()).toBeGreaterThan(Date.now());
    const done = rows.filter((s) => s.status === 'completed');
    expect(done).toHaveLength(2);
    for (const s of done) expect(s.endsAt.getTime()).toBeLessThan(Date.now());
    expect(reservation!.amountCents).toBe(tutor!.hourlyRateCents * rows.length);

    const [payment] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.reservationId, reservation!.id));
    expect(payment).toMatchObject({
      provider: 'demo',
      status: 'paid',
      amountCents: reservation!.amountCents,
    });

    // Each session lies inside the tutor's availability window on its weekday (wall-clock EAT).
    const windows = await database.db
      .select()
      .from(tutorAvailability)
      .where(and(eq(tutorAvailability.tutorId, tutor!.id), eq(tutorAvailability.weekday, 'tue')));
    const startEat = new Date(upcoming[0]!.startsAt.getTime() + 3 * 3_600_000).toISOString().slice(11, 16);
    expect(windows.some((w) => w.startTime <= startEat && startEat < w.endTime)).toBe(true);

    const messageCount = await database.db.$count(messages, gt(messages.createdAt, new Date(0)));
    expect(messageCount).toBeGreaterThanOrEqual(3);
  });

  it('answers false and adds nothing when called again', async () => {
    const before = await database.db.$count(tutors);
    const usersBefore = await database.db.$count(users);
    expect(await seedDemoData(database.db, testConfig())).toBe(false);
    expect(await database.db.$count(tutors)).toBe(before);
    expect(await database.db.$count(users)).toBe(usersBefore);
  });
});

describe('demo tutor usernames', () => {
  it('are the name in lower-case ASCII, words joined by dots', () => {
    expect(usernameFromName('Hana Tesfaye')).toBe('hana.tesfaye');
    expect(usernameFromName('  Fitsum  Gebre-Medhin ')).toBe('fitsum.gebre.medhin');
    expect(usernameFromName('Zoë Ádám')).toBe('zoe.adam');
  });
});

describe('demo dates in Addis Ababa time', () => {
  it('converts EAT wall-clock times to instants (UTC+3, no daylight saving)', () => {
    expect(eatInstant('2030-01-08', '17:00').toISOString()).toBe('2030-01-08T14:00:00.000Z');
    expect(eatInstant('2030-07-09', '02:30').toISOString()).toBe('2030-07-08T23:30:00.000Z');
  });

  it('finds the next weekday occurrence after now, skipping today once its time has passed', () => {
    // Tuesday 2030-01-08 16:59 EAT: today still counts; at 17:00 it has passed.
    expect(nextWeekdayAt(new Date('2030-01-08T13:59:00Z'), 'tue', '17:00')).toBe('2030-01-08');
    expect(nextWeekdayAt(new Date('2030-01-08T14:00:00Z'), 'tue', '17:00')).toBe('2030-01-15');
    // Monday 22:00 UTC is already Tuesday 01:00 in Addis Ababa.
    expect(nextWeekdayAt(new Date('2030-01-07T22:00:00Z'), 'tue', '17:00')).toBe('2030-01-08');
    expect(nextWeekdayAt(new Date('2030-01-09T08:00:00Z'), 'mon', '09:00')).toBe('2030-01-14');
  });
});
