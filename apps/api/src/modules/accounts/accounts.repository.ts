import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { reservations } from '../../platform/db/schema/bookings.ts';
import { tutorApplications } from '../../platform/db/schema/tutoring.ts';
import { passwordTokens, refreshTokens, users } from '../../platform/db/schema/users.ts';
import { databaseError, SqlState } from '../../platform/db/errors.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Usernames and e-mails are unique case-insensitively (the schema's lower() indexes). */
export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const rows = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${value}`, sql`lower(${users.email}) = ${value}`))
    // A username match wins over another account whose e-mail happens to equal it.
    .orderBy(sql`case when lower(${users.username}) = ${value} then 0 else 1 end`)
    .limit(1);
  return rows[0];
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return rows[0];
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** Which of a username / e-mail is already taken by another account. */
export async function findTaken(
  db: DbOrTx,
  { username, email, exceptId }: { username?: string; email?: string; exceptId?: string },
): Promise<{ username: boolean; email: boolean }> {
  const u = username?.toLowerCase();
  const e = email?.toLowerCase();
  const rows = await db
    .select({ username: users.username, email: users.email, id: users.id })
    .from(users)
    .where(
      or(
        u ? sql`lower(${users.username}) = ${u}` : sql`false`,
        e ? sql`lower(${users.email}) = ${e}` : sql`false`,
      ),
    );
  const others = rows.filter((r) => r.id !== exceptId);
  return {
    username: !!u && others.some((r) => r.username.toLowerCase() === u),
    email: !!e && others.some((r) => r.email.toLowerCase() === e),
  };
}

export async function insertUser(db: DbOrTx, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  return row!;
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  patch: Partial<NewUser>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function touchLastLogin(db: DbOrTx, id: string): Promise<void> {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, id));
}

// ---- refresh tokens ----

export async function insertRefreshToken(
  db: DbOrTx,
  token: { userId: string; tokenHash: string; familyId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function findRefreshToken(db: DbOrTx, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return rows[0];
}

/** Marks a token rotated, only if nobody rotated it first: answers false when it lost that race. */
export async function claimRefreshToken(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllForUser(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

// ---- password tokens (reset, set-password, verify e-mail) ----

export type PasswordTokenPurpose = 'reset' | 'set_password' | 'verify_email';

export async function insertPasswordToken(
  db: DbOrTx,
  token: { userId: string; tokenHash: string; purpose: PasswordTokenPurpose; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordTokens).values(token);
}

/** Earlier unused links of the same purpose stop working when a new one is sent. */
export async function retireOpenPasswordTokens(
  db: DbOrTx,
  userId: string,
  purpose: PasswordTokenPurpose,
): Promise<void> {
  await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordTokens.userId, userId),
        eq(passwordTokens.purpose, purpose),
        isNull(passwordTokens.usedAt),
      ),
    );
}

/**
 * Uses a valid link of one of `purposes` once: answers its user id and purpose, or undefined when unknown,
 * used, expired or meant for something else (a verification link never sets a password).
 */
export async function consumePasswordToken(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
  purposes: readonly PasswordTokenPurpose[],
): Promise<{ userId: string; purpose: PasswordTokenPurpose } | undefined> {
  const rows = await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordTokens.tokenHash, tokenHash),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
        inArray(passwordTokens.purpose, [...purposes]),
      ),
    )
    .returning({ userId: passwordTokens.userId, purpose: passwordTokens.purpose });
  return rows[0];
}

/**
 * An account made by a tutor's application whose address is not proved yet (decision 223): it cannot sign in,
 * so that applying with someone else's address gives nobody an account on it.
 */
export async function isUnprovedApplicant(db: DbOrTx, user: UserRow): Promise<boolean> {
  if (user.emailVerifiedAt || user.role !== 'tutor') return false;
  const rows = await db
    .select({ id: tutorApplications.id })
    .from(tutorApplications)
    .where(eq(tutorApplications.userId, user.id))
    .limit(1);
  return rows.length > 0;
}

/** Marks the account's e-mail as proven (once: a later proof keeps the first date). */
export async function markEmailVerified(db: DbOrTx, userId: string, now: Date): Promise<UserRow | undefined> {
  await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
  return findUserById(db, userId);
}

/**
 * Links the bookings made with a now-verified e-mail to its account (issue 12 item 5): only
 * `reservations.family_user_id`, and only where no account holds them yet. Answers how many were linked.
 */
export async function linkReservationsToAccount(db: DbOrTx, userId: string, email: string): Promise<number> {
  const rows = await db
    .update(reservations)
    .set({ familyUserId: userId })
    .where(
      and(
        sql`lower(${reservations.email}) = ${email.trim().toLowerCase()}`,
        isNull(reservations.familyUserId),
      ),
    )
    .returning({ id: reservations.id });
  return rows.length;
}

/** A unique-index violation (SQLSTATE 23505), as either driver reports it through drizzle. */
export function uniqueViolation(err: unknown): string | null {
  const e = databaseError(err);
  return e?.code === SqlState.uniqueViolation ? (e.constraint ?? e.message) : null;
}

/** What an authenticated request checks (user-state.ts). */
export async function findUserState(
  db: DbOrTx,
  id: string,
): Promise<Pick<UserRow, 'isActive' | 'role' | 'tokenVersion'> | undefined> {
  const rows = await db
    .select({ isActive: users.isActive, role: users.role, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return rows[0];
}

/** Older access tokens of the account stop working (deactivation, role or password change, sign-out). */
export async function bumpTokenVersion(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}
