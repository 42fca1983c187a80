import { randomUUID } from 'node:crypto';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import type { LoginBody, RegisterBody, TokenPair, User } from '@tibeb/domain/accounts/contracts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict, unauthorized, type FieldErrors } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, randomToken, signAccessToken } from '../../lib/tokens.ts';
import * as repo from './accounts.repository.ts';
import type { LoginThrottle } from './login-throttle.ts';

export type AccountsDeps = { db: Db; config: Config; mailer: Mailer };

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;
/** A reset link is valid for 1 hour; a set-password link (new family account after payment) for 3 days. */
export const PASSWORD_TOKEN_TTL_MS = { reset: 60 * 60_000, set_password: 72 * 60 * 60_000 } as const;
export type PasswordPurpose = keyof typeof PASSWORD_TOKEN_TTL_MS;

/** The account as its owner and the admin area see it (never the hash). */
export function toUserDto(row: repo.UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    is_active: row.isActive,
    has_password: !!row.passwordHash,
    last_login_at: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

// Verifying against a fixed hash when the user does not exist keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password-0'));

const tooManyAttempts = () => new AppError(429, accountMessages.tooManyAttempts);

async function issueTokenPair(
  db: DbOrTx,
  config: Config,
  user: repo.UserRow,
  familyId: string = randomUUID(),
): Promise<TokenPair> {
  const refresh = randomToken();
  await repo.insertRefreshToken(db, {
    userId: user.id,
    tokenHash: hashToken(refresh),
    familyId,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  const access = await signAccessToken(
    { sub: user.id, role: user.role, username: user.username },
    config.jwtSecret,
  );
  return { access, refresh, role: user.role };
}

/** Signs in by username (or e-mail): wrong credentials are 401 'Invalid credentials', throttled to 429. */
export async function login(
  deps: AccountsDeps,
  throttle: LoginThrottle,
  body: LoginBody,
  address: string,
): Promise<TokenPair> {
  const username = body.username.trim();
  if (throttle.isBlocked(username, address)) throw tooManyAttempts();
  const user = await repo.findUserByLogin(deps.db, username);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, body.password)
    : (await verifyPassword(await getDummyHash(), body.password), false);
  if (!user || !ok) {
    throttle.recordFailure(username, address);
    throw unauthorized(accountMessages.invalidCredentials);
  }
  if (!user.isActive) throw new AppError(403, accountMessages.accountInactive);
  throttle.recordSuccess(username);
  const pair = await issueTokenPair(deps.db, deps.config, user);
  await repo.touchLastLogin(deps.db, user.id);
  return pair;
}

/**
 * Rotates a refresh token: the presented one is retired and a new one of the same family answered. A token
 * presented again after it was rotated means it leaked (or raced): the whole family is revoked.
 */
export async function refresh(deps: AccountsDeps, token: string): Promise<TokenPair> {
  const expired = () => unauthorized(accountMessages.sessionExpired);
  const row = await repo.findRefreshToken(deps.db, hashToken(token));
  if (!row || row.revokedAt) throw expired();
  if (row.rotatedAt) {
    await repo.revokeFamily(deps.db, row.familyId);
    throw expired();
  }
  if (row.expiresAt.getTime() <= Date.now()) throw expired();
  const user = await repo.findUserById(deps.db, row.userId);
  if (!user || !user.isActive) {
    await repo.revokeFamily(deps.db, row.familyId);
    throw expired();
  }
  return deps.db.transaction(async (tx) => {
    if (!(await repo.claimRefreshToken(tx, row.id))) {
      // Someone rotated it a moment ago: the same as a reuse.
      await repo.revokeFamily(tx, row.familyId);
      throw expired();
    }
    return issueTokenPair(tx, deps.config, user, row.familyId);
  });
}

/** Ends the session of this refresh token (its whole family); unknown tokens are ignored. */
export async function logout(deps: AccountsDeps, token: string | undefined): Promise<void> {
  if (!token) return;
  const row = await repo.findRefreshToken(deps.db, hashToken(token));
  if (row) await repo.revokeFamily(deps.db, row.familyId);
}

/** Throws the spec's field-error shape when the username or e-mail is taken. */
export async function assertAvailable(
  db: DbOrTx,
  fields: { username?: string; email?: string; exceptId?: string },
): Promise<void> {
  const taken = await repo.findTaken(db, fields);
  const errors: FieldErrors = {};
  if (taken.username) errors.username = [accountMessages.usernameTaken];
  if (taken.email) errors.email = [accountMessages.emailTaken];
  const first = errors.username?.[0] ?? errors.email?.[0];
  if (first) throw badRequest(first, errors);
}

/** Maps a unique-index race (two sign-ups at once) to the same field errors. */
export function rethrowUnique(err: unknown): never {
  const constraint = repo.uniqueViolation(err);
  if (constraint !== null) {
    if (constraint.includes('email')) {
      throw badRequest(accountMessages.emailTaken, { email: [accountMessages.emailTaken] });
    }
    if (constraint.includes('username')) {
      throw badRequest(accountMessages.usernameTaken, { username: [accountMessages.usernameTaken] });
    }
    throw conflict('That record already exists.');
  }
  throw err;
}

/** Registration makes a family account, role student (DESIGN §1.9). */
export async function register(deps: AccountsDeps, body: RegisterBody): Promise<User> {
  await assertAvailable(deps.db, { username: body.username, email: body.email });
  const passwordHash = await hashPassword(body.password);
  try {
    const row = await repo.insertUser(deps.db, {
      username: body.username,
      email: body.email.toLowerCase(),
      passwordHash,
      role: 'student',
    });
    return toUserDto(row);
  } catch (err) {
    return rethrowUnique(err);
  }
}

/**
 * Makes a single-use password link token for a user and answers the raw token (only its hash is stored).
 * Earlier open links of the same purpose stop working. Used by the reset flow and by the payments module,
 * which creates a family account after payment and e-mails `passwordLink(config, token)`.
 */
export async function issuePasswordToken(
  db: DbOrTx,
  userId: string,
  purpose: PasswordPurpose,
  now: Date = new Date(),
): Promise<string> {
  const token = randomToken();
  await repo.retireOpenPasswordTokens(db, userId, purpose);
  await repo.insertPasswordToken(db, {
    userId,
    tokenHash: hashToken(token),
    purpose,
    expiresAt: new Date(now.getTime() + PASSWORD_TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/** The page where a reset or set-password link lands. */
export const passwordLink = (config: Pick<Config, 'publicUrl'>, token: string) =>
  `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;

/** Sends a reset link when an active account has this e-mail; the answer is the same either way. */
export async function requestPasswordReset(deps: AccountsDeps, email: string): Promise<string> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (user && user.isActive) {
    const token = await issuePasswordToken(deps.db, user.id, 'reset');
    const link = passwordLink(deps.config, token);
    await deps.mailer.send({
      to: user.email,
      subject: 'Reset your Tibeb Tutoring password',
      text:
        `Hello ${user.firstName || user.username},\n\n` +
        `Someone asked to reset the password of your Tibeb Tutoring account (${user.username}).\n` +
        `Choose a new password here (the link works once, for 1 hour):\n\n${link}\n\n` +
        `If it was not you, ignore this e-mail: your password stays as it is.\n`,
    });
  }
  return accountMessages.resetRequested;
}

/** Sets the password through a reset or set-password link, once; every other session of the user ends. */
export async function confirmPasswordReset(
  deps: AccountsDeps,
  body: { token: string; password: string },
): Promise<string> {
  const passwordHash = await hashPassword(body.password);
  const done = await deps.db.transaction(async (tx) => {
    const userId = await repo.consumePasswordToken(tx, hashToken(body.token), new Date());
    if (!userId) return false;
    await repo.updateUser(tx, userId, { passwordHash });
    await repo.revokeAllForUser(tx, userId);
    return true;
  });
  if (!done)
    throw badRequest(accountMessages.resetLinkInvalid, { token: [accountMessages.resetLinkInvalid] });
  return accountMessages.passwordSet;
}

/** The signed-in user's own account; a removed or deactivated account is signed out (401). */
export async function me(deps: Pick<AccountsDeps, 'db'>, userId: string): Promise<User> {
  const user = await repo.findUserById(deps.db, userId);
  if (!user || !user.isActive) throw unauthorized(accountMessages.sessionExpired);
  return toUserDto(user);
}
