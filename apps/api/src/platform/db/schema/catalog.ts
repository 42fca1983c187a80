import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const subjectCategories = ['Mathematics', 'Sciences', 'Languages', 'Coding'] as const;
export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export const subjects = pgTable('subjects', {
  id: serial().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  category: text({ enum: subjectCategories }).notNull(),
  description: text().notNull().default(''),
  level: text().notNull().default(''),
  // Money is integer cents with a currency code (DESIGN §1.3).
  pricePerHourCents: integer().notNull(),
  currency: text().notNull().default('USD'),
  // The hourly price in birr (integer santim) for families paying in ETB; null = birr not offered for the subject.
  pricePerHourEtbCents: integer(),
  isActive: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const tutors = pgTable(
  'tutors',
  {
    id: serial().primaryKey(),
    userId: uuid()
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    fullName: text().notNull(),
    // The subject as the tutor names it ("math", "Chemistry", "Afaan Oromoo"); mapped to a category for filters.
    subject: text().notNull(),
    subjectId: integer().references(() => subjects.id, { onDelete: 'set null' }),
    gradeFrom: integer().notNull().default(1),
    gradeTo: integer().notNull().default(12),
    bio: text().notNull().default(''),
    education: text().notNull().default(''),
    yearsOfExperience: integer().notNull().default(0),
    teachingStyle: text().notNull().default(''),
    hourlyRateCents: integer().notNull(),
    currency: text().notNull().default('USD'),
    // The tutor's own hourly price in birr (santim); null = the subject's birr price (issue 27).
    hourlyRateEtbCents: integer(),
    // The platform's commission on this tutor's sessions, in basis points (1500 = 15 %); null = the default setting.
    commissionBps: integer(),
    // A trial lesson the tutor offers (issue 30): 30 or 45 minutes (null: none), at a price (0: free) in `currency`,
    // and in birr (santim; null: the dollar price only).
    trialMinutes: integer(),
    trialPriceCents: integer(),
    trialPriceEtbCents: integer(),
    profileImage: text().notNull().default(''),
    timeZone: text().notNull().default('Africa/Addis_Ababa'),
    // The tutor's own meeting link; '' = a per-session room is generated.
    meetingUrl: text().notNull().default(''),
    isPublished: boolean().notNull().default(true),
    isActive: boolean().notNull().default(true),
    // The languages the tutor teaches in, as written ("Amharic", "Afaan Oromoo"); copied from the application.
    languages: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The reviews' mean (two decimals, 0 without reviews) and count, kept by a trigger on reviews (decision 239):
    // the directory sorts by them with an index instead of aggregating every review per request.
    reviewAverage: numeric({ precision: 3, scale: 2 }).notNull().default('0'),
    reviewCount: integer().notNull().default(0),
    // The next bookable 1-hour start within 14 days (null: none), and when it is to be computed again
    // (decision 239: on every change of the tutor's schedule or sessions, and by the next-free job as time passes).
    nextFreeAt: timestamp({ withTimezone: true }),
    nextFreeDueAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tutors_subject_idx').on(t.subjectId),
    // The directory search's orders (decision 239), over the published tutors only; keyset pages walk them.
    index('tutors_search_rating_idx')
      .on(t.reviewAverage.desc(), t.reviewCount.desc(), t.id.desc())
      .where(sql`${t.isPublished} AND ${t.isActive}`),
    index('tutors_search_price_idx')
      .on(t.hourlyRateCents, t.id)
      .where(sql`${t.isPublished} AND ${t.isActive}`),
    index('tutors_search_next_free_idx')
      .on(sql`coalesce(${t.nextFreeAt}, 'infinity'::timestamptz)`, t.id)
      .where(sql`${t.isPublished} AND ${t.isActive}`),
    // Case-insensitive language filter: tutor_languages_key() (lower-cased list) is defined in migration 0005.
    index('tutors_languages_idx').using('gin', sql`tutor_languages_key(${t.languages})`),
    index('tutors_next_free_due_idx')
      .on(t.nextFreeDueAt)
      .where(sql`${t.isPublished} AND ${t.isActive}`),
    // The admin tutor list: its order (best rated, most reviewed, name, id), and its name or subject search
    // (decision 243).
    index('tutors_admin_order_idx').on(
      t.reviewAverage.desc().nullsFirst(),
      t.reviewCount.desc().nullsFirst(),
      t.fullName,
      t.id,
    ),
    // The payouts screen's balances, by tutor name (decision 244).
    index('tutors_name_idx').on(t.fullName, t.id),
    index('tutors_admin_search_idx').using(
      'gin',
      t.fullName.op('gin_trgm_ops'),
      t.subject.op('gin_trgm_ops'),
    ),
    check('tutors_grade_range', sql`${t.gradeFrom} <= ${t.gradeTo}`),
    check('tutors_rate_positive', sql`${t.hourlyRateCents} >= 0`),
    check(
      'tutors_trial_offer',
      sql`${t.trialMinutes} IS NULL OR (${t.trialMinutes} IN (30, 45) AND ${t.trialPriceCents} >= 0)`,
    ),
    check('tutors_commission_range', sql`${t.commissionBps} BETWEEN 0 AND 10000`),
  ],
);

/** Weekly availability: wall-clock windows in the tutor's time zone, 'HH:MM'. */
export const tutorAvailability = pgTable(
  'tutor_availability',
  {
    id: serial().primaryKey(),
    tutorId: integer()
      .notNull()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    weekday: text({ enum: weekdays }).notNull(),
    startTime: text().notNull(),
    endTime: text().notNull(),
  },
  (t) => [
    index('tutor_availability_tutor_idx').on(t.tutorId),
    check(
      'tutor_availability_hhmm',
      sql`${t.startTime} ~ '^[0-2][0-9]:[0-5][0-9]$' AND ${t.endTime} ~ '^[0-2][0-9]:[0-5][0-9]$'`,
    ),
    check('tutor_availability_order', sql`${t.startTime} < ${t.endTime}`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial().primaryKey(),
    tutorId: integer()
      .notNull()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    authorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    authorName: text().notNull(),
    rating: integer().notNull(),
    comment: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reviews_tutor_idx').on(t.tutorId),
    // One review per family and tutor (editable); seeded reviews have no author account.
    uniqueIndex('reviews_tutor_author_key')
      .on(t.tutorId, t.authorUserId)
      .where(sql`${t.authorUserId} IS NOT NULL`),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export const offers = pgTable('offers', {
  id: serial().primaryKey(),
  title: text().notNull(),
  description: text().notNull(),
  isActive: boolean().notNull().default(true),
  sortOrder: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Days a tutor does not teach (a single date, or a range), in the tutor's time zone; both ends included. */
export const tutorTimeOff = pgTable(
  'tutor_time_off',
  {
    id: serial().primaryKey(),
    tutorId: integer()
      .notNull()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    startsOn: date().notNull(),
    endsOn: date().notNull(),
    reason: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tutor_time_off_tutor_idx').on(t.tutorId, t.startsOn),
    check('tutor_time_off_order', sql`${t.startsOn} <= ${t.endsOn}`),
  ],
);

/**
 * The weekly availability in force from a moment on (issue 31): written whenever a tutor's availability is saved,
 * so utilisation reads, for each past day, the windows that were offered that day rather than today's.
 */
export const tutorAvailabilityVersions = pgTable(
  'tutor_availability_versions',
  {
    id: serial().primaryKey(),
    tutorId: integer()
      .notNull()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    effectiveFrom: timestamp({ withTimezone: true }).notNull().defaultNow(),
    windows: jsonb().$type<{ weekday: string; startTime: string; endTime: string }[]>().notNull().default([]),
  },
  (t) => [index('tutor_availability_versions_tutor_idx').on(t.tutorId, t.effectiveFrom)],
);
