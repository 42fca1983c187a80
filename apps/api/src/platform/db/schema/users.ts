import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const roles = ['admin', 'staff', 'superuser', 'tutor', 'student'] as const;

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    username: text().notNull(),
    email: text().notNull(),
    // Null until the family sets a password (accounts created after a payment, DESIGN §1.9).
    passwordHash: text(),
    role: text({ enum: roles }).notNull().default('student'),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    phone: text().notNull().default(''),
    isActive: boolean().notNull().default(true),
    // Bumped on deactivation, role change, password change and logout-everywhere: older access tokens stop working.
    tokenVersion: integer().notNull().default(0),
    // Bookings are linked to an account only once its owner has proved the address (a verification or set-password link).
    emailVerifiedAt: timestamp({ withTimezone: true }),
    // The family's own preferences (student area settings); '' = not chosen (the browser's zone is used).
    timeZone: text().notNull().default(''),
    communicationPreference: text().notNull().default('email'),
    locale: text().notNull().default('en'),
    remindersEnabled: boolean().notNull().default(true),
    // The Telegram chat the family linked through the bot's start link (decision 268); null = not linked. The link's
    // one-time code, made when the family asks for the link and cleared when a chat uses it.
    telegramChatId: text(),
    telegramLinkCode: text().unique(),
    // Secret of the user's calendar (ICS) feed address; null = no feed. Revoked by replacing it.
    calendarToken: text().unique(),
    lastLoginAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    // The admin users list's order (newest first, then name), alone and after its role filter; new families by
    // month (reports) (decision 241).
    index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.username),
    index('users_role_created_idx').on(t.role, t.createdAt.desc().nullsFirst(), t.username),
    // The admin users search (a lower-cased substring of the username, e-mail or full name; decision 243).
    index('users_search_idx').using(
      'gin',
      sql`lower(${t.username}) gin_trgm_ops`,
      sql`lower(${t.email}) gin_trgm_ops`,
      sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Only a SHA-256 of the token is stored; a token is shown once, to its owner.
    tokenHash: text().notNull().unique(),
    // All tokens rotated from one sign-in share a family; reuse of a rotated token revokes the family.
    familyId: uuid().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    purpose: text({ enum: ['reset', 'set_password', 'verify_email'] }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId)],
);

/**
 * The answers of requests sent with an `Idempotency-Key` (decision 248). `owner` is `user:<uuid>` for a signed-in
 * user and `visitor` for the booking form (the unguessable key alone then); `status` is null while the first
 * request runs. Rows expire after 24 hours and the purge job deletes them (by `expires_at`).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    owner: text().notNull(),
    key: text().notNull(),
    route: text().notNull(),
    bodyHash: text().notNull(),
    status: integer(),
    contentType: text().notNull().default(''),
    responseBody: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);
