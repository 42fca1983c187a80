import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Db, Tx } from '../client.ts';
import {
  blogCategories,
  blogComments,
  blogPostTags,
  blogPosts,
  blogTags,
  conversations,
  messages,
  offers,
  payments,
  progressNotes,
  reservations,
  reviews,
  sessions,
  siteSettings,
  subjects,
  tutorAvailability,
  tutorAvailabilityVersions,
  tutors,
  users,
} from '../schema/index.ts';
import { blogCoverPath, demoCategories, demoPosts, demoTags } from './blog.data.ts';
import {
  demoTutorAccountSlug,
  demoTutors,
  reviewerNames,
  reviewTexts,
  tutorImagePath,
  type CategorySlug,
  type Weekday,
} from './tutors.data.ts';

export const DEMO_PASSWORD = 'demo1234';

export const demoAccounts = [
  { username: 'admin', email: 'admin@tibeb.example', role: 'admin', firstName: 'Tibeb', lastName: 'Admin' },
  { username: 'tutor', email: 'tutor@tibeb.example', role: 'tutor', firstName: 'Abebe', lastName: 'Bekele' },
  {
    username: 'student',
    email: 'student@tibeb.example',
    role: 'student',
    firstName: 'Marta',
    lastName: 'Alemayehu',
  },
] as const;

/** A demo tutor's username (decision 247): its name in lower-case ASCII, words joined by dots. */
export const usernameFromName = (fullName: string) =>
  fullName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');

/**
 * Every demo tutor has its own tutor account (issue 32 item 10), so a family that books one can message it and
 * the tutor gets its e-mails: the `tutor` account owns Abebe Bekele's profile; these are the others'.
 */
export const demoTutorAccounts = demoTutors
  .filter((t) => t.slug !== demoTutorAccountSlug)
  .map((t) => {
    const [firstName = '', ...rest] = t.fullName.split(' ');
    const username = usernameFromName(t.fullName);
    const email = `${username}@tibeb.example`;
    return { slug: t.slug, username, email, role: 'tutor' as const, firstName, lastName: rest.join(' ') };
  });

/** The username of the account that owns a demo tutor's profile. */
export const demoTutorUsername = (slug: string) =>
  demoTutorAccounts.find((a) => a.slug === slug)?.username ?? 'tutor';

/** What `npm start` prints: every demo account a visitor can sign in with. */
export function demoAccountsNotice(): string {
  const tutorNames = demoTutorAccounts.map((a) => a.username);
  const lines = [
    `  Demo accounts (password ${DEMO_PASSWORD}): ${demoAccounts.map((a) => a.username).join(', ')}`,
    '  The other demo tutors, same password:',
  ];
  for (let i = 0; i < tutorNames.length; i += 6) lines.push(`    ${tutorNames.slice(i, i + 6).join(', ')}`);
  return lines.join('\n');
}

export const demoSubjects: {
  slug: CategorySlug;
  name: 'Mathematics' | 'Sciences' | 'Languages' | 'Coding';
  level: string;
  description: string;
  pricePerHourCents: number;
}[] = [
  {
    slug: 'mathematics',
    name: 'Mathematics',
    level: 'Beginner to Advanced',
    description:
      'From counting and times tables to algebra, geometry and calculus: patient tutors for every grade and the Grade 12 national exam.',
    pricePerHourCents: 2000,
  },
  {
    slug: 'sciences',
    name: 'Sciences',
    level: 'Grades 5-12',
    description:
      'General science, physics, chemistry and biology with clear diagrams, home experiments and exam practice.',
    pricePerHourCents: 2200,
  },
  {
    slug: 'languages',
    name: 'Languages',
    level: 'Conversational to Academic',
    description:
      'Amharic, Tigrigna and Oromifa (Afaan Oromoo) for heritage learners, and English reading, writing and exam preparation.',
    pricePerHourCents: 1800,
  },
  {
    slug: 'coding',
    name: 'Coding',
    level: 'Kids & Teens',
    description:
      'Scratch, Python and JavaScript through projects: games, quizzes and websites children are proud to show.',
    pricePerHourCents: 2500,
  },
];

/**
 * Offers promise only what the product does (decision 254): no discount that checkout does not apply. Real
 * discount rules (first lesson, siblings) are still to be built; until then no offer names one.
 */
export const demoOffers = [
  {
    title: 'Cancel in time, keep the value',
    description:
      'Cancel a lesson before the notice our booking policy sets and its value is credited to your next booking.',
  },
  {
    title: 'Weekly lessons, one payment for several weeks',
    description:
      'Choose the weekdays and times once: the lessons repeat every week, and each payment covers several weeks. The price is shown before you pay.',
  },
  {
    title: 'Move a lesson from your dashboard',
    description:
      'Something came up? Ask for another time from the session itself, in good time before it starts.',
  },
  {
    title: 'Heritage language lessons',
    description:
      'Amharic, Tigrigna and Afaan Oromoo lessons with tutors in Ethiopia, for children at home and in the diaspora.',
  },
];

export const demoContactSettings = {
  address: 'Bole Road, Friendship Building, 4th floor, Addis Ababa, Ethiopia',
  phone: '+251 11 667 8899',
  email: 'hello@tibeb.example',
  map_embed_url: '',
};

const DAY = 86_400_000;
// Africa/Addis_Ababa is UTC+3 all year (no daylight saving).
const EAT_OFFSET_MS = 3 * 3_600_000;
const weekdayIndex: Record<Weekday, number> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };

/** The instant of a wall-clock date and time in Addis Ababa. */
export function eatInstant(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, d, hh, mm) - EAT_OFFSET_MS);
}

const eatDate = (instant: Date) => new Date(instant.getTime() + EAT_OFFSET_MS).toISOString().slice(0, 10);

/** The first date on `weekday` whose `time` (EAT) lies after `now`. */
export function nextWeekdayAt(now: Date, weekday: Weekday, time: string): string {
  const today = eatDate(now);
  const todayIndex = new Date(`${today}T00:00:00Z`).getUTCDay();
  let offset = (weekdayIndex[weekday] - todayIndex + 7) % 7;
  const dateAt = (days: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
  if (eatInstant(dateAt(offset), time).getTime() <= now.getTime()) offset += 7;
  return dateAt(offset);
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * Seeds demo data (DESIGN §1.12) into an empty database, in one transaction; answers whether it seeded.
 * A database that already has users or tutors is left alone, so restarts and real data are never touched.
 */
export async function seedDemoData(db: Db, _config: Config, now: Date = new Date()): Promise<boolean> {
  // Hash outside the transaction: Argon2 takes a moment and needs no database. One hash serves every demo
  // account (they share the password), so 22 accounts cost what one does.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL take turns; the second then finds data and stops.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const [userCount, tutorCount] = await Promise.all([tx.$count(users), tx.$count(tutors)]);
    if (userCount > 0 || tutorCount > 0) return false;
    await insertDemoData(tx, passwordHash, now);
    return true;
  });
}

async function insertDemoData(tx: Tx, passwordHash: string, now: Date) {
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * 3_600_000);

  // Accounts: admin, tutor, student, then the other demo tutors'.
  const accountRows = await tx
    .insert(users)
    .values(
      [...demoAccounts, ...demoTutorAccounts].map((a) => ({
        username: a.username,
        email: a.email,
        role: a.role,
        firstName: a.firstName,
        lastName: a.lastName,
        passwordHash,
        // Demo families' bookings link to their account only when its e-mail is proven (issue 12 item 5).
        emailVerifiedAt: ago(365),
        createdAt: ago(365),
        updatedAt: ago(365),
      })),
    )
    .returning({ id: users.id, username: users.username });
  const userId = (username: string) => accountRows.find((u) => u.username === username)!.id;
  const adminId = userId('admin');
  const tutorUserId = userId('tutor');
  const studentUserId = userId('student');

  // Subjects.
  const subjectRows = await tx
    .insert(subjects)
    .values(demoSubjects.map((s) => ({ ...s, category: s.name, createdAt: ago(365) })))
    .returning({ id: subjects.id, slug: subjects.slug });
  const subjectId = (slug: string) => subjectRows.find((s) => s.slug === slug)!.id;

  // Tutors with availability and reviews.
  const tutorRows = await tx
    .insert(tutors)
    .values(
      demoTutors.map((t, i) => ({
        userId: userId(demoTutorUsername(t.slug)),
        fullName: t.fullName,
        subject: t.subject,
        subjectId: subjectId(t.category),
        gradeFrom: t.gradeFrom,
        gradeTo: t.gradeTo,
        bio: t.bio,
        education: t.education,
        yearsOfExperience: t.yearsOfExperience,
        teachingStyle: t.teachingStyle,
        hourlyRateCents: t.hourlyRateCents,
        trialMinutes: t.trial?.minutes ?? null,
        trialPriceCents: t.trial?.priceCents ?? null,
        trialPriceEtbCents: t.trial?.priceEtbCents ?? null,
        languages: t.languages,
        profileImage: tutorImagePath(t.slug),
        timeZone: 'Africa/Addis_Ababa',
        isPublished: t.published,
        createdAt: ago(360 - i * 9),
        updatedAt: ago(30 - i),
      })),
    )
    .returning({ id: tutors.id, fullName: tutors.fullName });
  const tutorIdBySlug = new Map(demoTutors.map((t, i) => [t.slug, tutorRows[i]!.id]));

  const availabilityRows = demoTutors.map((t) =>
    Object.entries(t.availability).flatMap(([weekday, windows]) =>
      windows.map((window) => ({
        tutorId: tutorIdBySlug.get(t.slug)!,
        weekday: weekday as Weekday,
        startTime: window.start,
        endTime: window.end,
      })),
    ),
  );
  await tx.insert(tutorAvailability).values(availabilityRows.flat());
  // Each tutor's windows in force since the tutor joined, for utilisation (decision 264).
  await tx.insert(tutorAvailabilityVersions).values(
    demoTutors.map((t, i) => ({
      tutorId: tutorIdBySlug.get(t.slug)!,
      effectiveFrom: ago(360 - i * 9),
      windows: availabilityRows[i]!.map(({ weekday, startTime, endTime }) => ({
        weekday,
        startTime,
        endTime,
      })),
    })),
  );

  const reviewRows = demoTutors.flatMap((t, ti) =>
    t.ratings.map((rating, ri) => {
      const texts = reviewTexts[t.category];
      return {
        tutorId: tutorIdBySlug.get(t.slug)!,
        authorName: reviewerNames[(ti * 5 + ri) % reviewerNames.length]!,
        rating,
        comment: texts[(ti + ri) % texts.length]!,
        createdAt: ago(8 + ri * 23 + ti * 3),
      };
    }),
  );
  await tx.insert(reviews).values(reviewRows);

  // Offers and site settings.
  await tx.insert(offers).values(demoOffers.map((o, i) => ({ ...o, sortOrder: i, createdAt: ago(60 - i) })));
  await tx.insert(siteSettings).values([
    { key: 'contact', value: demoContactSettings },
    { key: 'site', value: { name: 'Tibeb Tutoring' } },
  ]);

  // Blog.
  const categoryRows = await tx
    .insert(blogCategories)
    .values(demoCategories)
    .returning({ id: blogCategories.id, slug: blogCategories.slug });
  const tagRows = await tx
    .insert(blogTags)
    .values(demoTags)
    .returning({ id: blogTags.id, slug: blogTags.slug });
  const postRows = await tx
    .insert(blogPosts)
    .values(
      demoPosts.map((post) => {
        const published = post.daysAgo !== null;
        const at = ago(post.daysAgo ?? 2, 5);
        return {
          slug: post.slug,
          title: post.title,
          body: post.body,
          excerpt: post.excerpt,
          coverImageUrl: blogCoverPath(post.slug),
          categoryId: categoryRows.find((c) => c.slug === post.category)!.id,
          authorUserId: adminId,
          status: published ? ('published' as const) : ('draft' as const),
          publishedAt: published ? at : null,
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .returning({ id: blogPosts.id, slug: blogPosts.slug });
  const postId = (slug: string) => postRows.find((r) => r.slug === slug)!.id;
  await tx.insert(blogPostTags).values(
    demoPosts.flatMap((post) =>
      post.tags.map((tag) => ({
        postId: postId(post.slug),
        tagId: tagRows.find((t) => t.slug === tag)!.id,
      })),
    ),
  );
  const commentRows = demoPosts.flatMap((post) =>
    (post.comments ?? []).map((c) => ({
      postId: postId(post.slug),
      name: c.name,
      email: c.email,
      body: c.body,
      status: c.pending ? ('pending' as const) : ('approved' as const),
      createdAt: ago(Math.max(0, (post.daysAgo ?? 0) - c.daysAfter), 2),
    })),
  );
  await tx.insert(blogComments).values(commentRows);

  await insertStudentBooking(tx, { now, tutorUserId, studentUserId, tutorIdBySlug, subjectId });
}

/** The student account's confirmed weekly lessons with the tutor account: 2 done, 4 to come, paid. */
async function insertStudentBooking(
  tx: Tx,
  ctx: {
    now: Date;
    tutorUserId: string;
    studentUserId: string;
    tutorIdBySlug: Map<string, number>;
    subjectId: (slug: string) => number;
  },
) {
  const { now } = ctx;
  const tutor = demoTutors.find((t) => t.slug === demoTutorAccountSlug)!;
  const tutorId = ctx.tutorIdBySlug.get(tutor.slug)!;
  // Tuesday 17:00 EAT lies inside the tutor's weekday window (15:00-21:00): 15:00 in Europe, 10:00 in Washington.
  const weekday: Weekday = 'tue';
  const time = '17:00';
  const durationMinutes = 60;
  const next = nextWeekdayAt(now, weekday, time);
  const dates = [-14, -7, 0, 7, 14, 21].map((d) => addDays(next, d));
  const amountCents = tutor.hourlyRateCents * (durationMinutes / 60) * dates.length;
  const bookedAt = new Date(eatInstant(dates[0]!, time).getTime() - 4 * DAY);
  const paidAt = new Date(bookedAt.getTime() + 12 * 60_000);

  const [reservation] = await tx
    .insert(reservations)
    .values({
      tutorId,
      subjectId: ctx.subjectId(tutor.category),
      familyUserId: ctx.studentUserId,
      status: 'confirmed',
      date: dates[0]!,
      time,
      durationMinutes,
      days: [weekday],
      daysTimes: { [weekday]: time },
      timeZone: 'Africa/Addis_Ababa',
      fullName: 'Marta Alemayehu',
      email: 'student@tibeb.example',
      phone: '+1 202 555 0147',
      subject: tutor.subject,
      subjectLevel: 'Grade 8',
      studentFullName: 'Nahom Alemayehu',
      studentGrade: 'Grade 8',
      studentAge: 13,
      studentSchool: 'Silver Spring International Middle School',
      guardianFullName: 'Marta Alemayehu',
      guardianRelationship: 'Mother',
      guardianEmail: 'student@tibeb.example',
      guardianPhone: '+1 202 555 0147',
      guardianAddressLine1: '8700 Georgia Avenue',
      guardianCity: 'Silver Spring',
      guardianState: 'MD',
      guardianPostalCode: '20910',
      guardianCountry: 'United States',
      communicationPreference: 'whatsapp',
      amountCents,
      currency: 'USD',
      holdExpiresAt: new Date(bookedAt.getTime() + 30 * 60_000),
      confirmedAt: paidAt,
      createdAt: bookedAt,
      updatedAt: paidAt,
    })
    .returning({ id: reservations.id });

  const sessionRows = await tx
    .insert(sessions)
    .values(
      dates.map((date, i) => {
        const startsAt = eatInstant(date, time);
        return {
          reservationId: reservation!.id,
          tutorId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000),
          status: i < 2 ? ('completed' as const) : ('scheduled' as const),
          createdAt: bookedAt,
          updatedAt: i < 2 ? new Date(startsAt.getTime() + durationMinutes * 60_000) : paidAt,
        };
      }),
    )
    .returning({ id: sessions.id, startsAt: sessions.startsAt });

  await tx.insert(payments).values({
    reservationId: reservation!.id,
    provider: 'demo',
    providerSessionId: `demo_seed_${reservation!.id}`,
    providerPaymentId: `demo_pay_${reservation!.id.slice(0, 8)}`,
    amountCents,
    currency: 'USD',
    status: 'paid',
    expiresAt: new Date(bookedAt.getTime() + 30 * 60_000),
    paidAt,
    createdAt: bookedAt,
    updatedAt: paidAt,
  });

  const afterLesson = (i: number) => new Date(sessionRows[i]!.startsAt.getTime() + 75 * 60_000);
  await tx.insert(progressNotes).values([
    {
      tutorId,
      studentUserId: ctx.studentUserId,
      reservationId: reservation!.id,
      sessionId: sessionRows[0]!.id,
      note: 'First lesson: we reviewed fractions and negative numbers. Nahom is quick with mental arithmetic; we will work on writing down each step. Homework: 10 mixed fraction problems.',
      createdAt: afterLesson(0),
    },
    {
      tutorId,
      studentUserId: ctx.studentUserId,
      reservationId: reservation!.id,
      sessionId: sessionRows[1]!.id,
      note: 'Linear equations with one unknown. Homework was complete and mostly correct. Next week: word problems that lead to equations, then a short quiz.',
      createdAt: afterLesson(1),
    },
  ]);

  const [conversation] = await tx
    .insert(conversations)
    .values({ tutorUserId: ctx.tutorUserId, familyUserId: ctx.studentUserId, createdAt: bookedAt })
    .returning({ id: conversations.id });
  const thread: { from: 'tutor' | 'family'; body: string; at: Date; read: boolean }[] = [
    {
      from: 'family',
      body: 'Hello Abebe, thank you for accepting Nahom. He finds algebra hard at school; could you start from the basics?',
      at: new Date(paidAt.getTime() + 60 * 60_000),
      read: true,
    },
    {
      from: 'tutor',
      body: 'Selam Marta! Of course. In the first lesson I will check fractions and negative numbers, then we build up to equations step by step.',
      at: new Date(paidAt.getTime() + 3 * 3_600_000),
      read: true,
    },
    {
      from: 'family',
      body: 'He really enjoyed today’s lesson. Is it fine if he sends you a photo of his homework when he is stuck?',
      at: afterLesson(0),
      read: true,
    },
    {
      from: 'tutor',
      body: 'Yes, please do. Nahom did very well on the homework this week. Next Tuesday we start word problems.',
      at: afterLesson(1),
      read: false,
    },
  ];
  await tx.insert(messages).values(
    thread.map((m) => ({
      conversationId: conversation!.id,
      senderUserId: m.from === 'tutor' ? ctx.tutorUserId : ctx.studentUserId,
      body: m.body,
      readAt: m.read ? new Date(m.at.getTime() + 20 * 60_000) : null,
      createdAt: m.at,
    })),
  );
}
