import { randomUUID } from 'node:crypto';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import type {
  LoginBody,
  PasswordChangeBody,
  RegisterBody,
  TokenPair,
  User,
} from '@tibeb/domain/accounts/contracts';
import type { Locale } from '@tibeb/domain/shared/locale';
import type { Config } from '../../platform/config.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import {
  AppError,
  badRequest,
  conflict,
  unauthorized,
  type FieldErrors,
} from '../../platform/http/app-error.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { RecipientCap } from '../../platform/mail/recipient-cap.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import {
  hashToken,
  openPayload,
  randomToken,
  sealPayload,
  signAccessToken,
  successorToken,
} from '../../platform/auth/tokens.ts';
import * as repo from './accounts.repository.ts';
import { alreadyRegisteredEmail, resetEmail, verificationEmail } from './accounts.emails.ts';
import type { CurrentPasswordThrottle, LoginThrottle } from './login-throttle.service.ts';
import { userStateChanged } from './user-state.service.ts';
import { recordAudit } from '../audit/index.ts';
import { adminMessages } from '@tibeb/domain/admin/messages';

export type AccountsDeps = { db: Db; config: Config; mailer: Mailer };

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;
/**
 * A reset link is valid for 1 hour; a set-password link (new family account after payment) and an e-mail
 * verification link for 3 days.
 */
export const PASSWORD_TOKEN_TTL_MS = {
  reset: 60 * 60_000,
  set_password: 72 * 60 * 60_000,
  verify_email: 72 * 60 * 60_000,
} as const;
/**
 * Two tabs refreshing at once present the same refresh token: within this window the second gets the same
 * successor the first got (issue 12 item 8); later, a reuse still revokes the whole chain.
 */
export const REFRESH_GRACE_MS = 30_000;
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

const accessFor = (config: Config, user: repo.UserRow) =>
  signAccessToken(
    { sub: user.id, role: user.role, username: user.username, ver: user.tokenVersion },
    config.jwtSecret,
  );

/** A new refresh token (random at sign-in, derived from its predecessor on rotation) and an access token. */
async function issueTokenPair(
  db: DbOrTx,
  config: Config,
  user: repo.UserRow,
  rotation?: { familyId: string; predecessor: string },
): Promise<TokenPair> {
  const refresh = rotation ? successorToken(rotation.predecessor, config.jwtSecret) : randomToken();
  await repo.insertRefreshToken(db, {
    userId: user.id,
    tokenHash: hashToken(refresh),
    familyId: rotation?.familyId ?? randomUUID(),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  return { access: await accessFor(config, user), refresh, role: user.role };
}

/** Signs in by username (or e-mail): wrong credentials are 401 'Invalid credentials', throttled to 429. */
export async function login(
  deps: AccountsDeps,
  throttle: LoginThrottle,
  body: LoginBody,
  address: string,
): Promise<TokenPair> {
  const username = body.username.trim();
  const verdict = await throttle.check(username, address);
  if (verdict.pairBlocked) throw tooManyAttempts();
  const user = await repo.findUserByLogin(deps.db, username);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, body.password)
    : (await verifyPassword(await getDummyHash(), body.password), false);
  // An applicant's account opens only once its address is proved: until then it answers as a wrong password.
  if (!user || !ok || (await repo.isUnprovedApplicant(deps.db, user))) {
    await throttle.recordFailure(username, address);
    // A busy address is slowed, never locked: only its wrong passwords wait and answer 429.
    if (verdict.addressSlowed) {
      await throttle.slowDown();
      throw tooManyAttempts();
    }
    throw unauthorized(accountMessages.invalidCredentials);
  }
  if (!user.isActive) throw new AppError(403, accountMessages.accountInactive);
  await throttle.recordSuccess(username, address);
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
  if (row.expiresAt.getTime() <= Date.now()) throw expired();
  const user = await repo.findUserById(deps.db, row.userId);
  if (!user || !user.isActive) {
    await repo.revokeFamily(deps.db, row.familyId);
    throw expired();
  }
  if (row.rotatedAt) return repeatRotation(deps, token, row, user);
  const claimed = await deps.db.transaction(async (tx) => {
    // Of simultaneous refreshes with one token, one claims it; the others wait here and then see it rotated.
    if (!(await repo.claimRefreshToken(tx, row.id))) return null;
    return issueTokenPair(tx, deps.config, user, { familyId: row.familyId, predecessor: token });
  });
  if (claimed) return claimed;
  const again = await repo.findRefreshToken(deps.db, row.tokenHash);
  if (!again || again.revokedAt || !again.rotatedAt) throw expired();
  return repeatRotation(deps, token, again, user);
}

/**
 * A rotated token presented again: inside the grace window the same successor (a second tab); after it, or
 * when the successor was itself ended, the token leaked: the whole family is revoked and the access tokens
 * already handed out stop at once (the token version, as on sign-out; issue 29 item 5). The account's other
 * devices keep their refresh tokens and simply refresh.
 */
async function repeatRotation(
  deps: AccountsDeps,
  token: string,
  row: repo.RefreshTokenRow,
  user: repo.UserRow,
): Promise<TokenPair> {
  const successor = successorToken(token, deps.config.jwtSecret);
  if (row.rotatedAt && Date.now() - row.rotatedAt.getTime() <= REFRESH_GRACE_MS) {
    const next = await repo.findRefreshToken(deps.db, hashToken(successor));
    if (next && !next.revokedAt && next.familyId === row.familyId) {
      return { access: await accessFor(deps.config, user), refresh: successor, role: user.role };
    }
  }
  await deps.db.transaction(async (tx) => {
    await repo.revokeFamily(tx, row.familyId);
    await repo.bumpTokenVersion(tx, row.userId);
  });
  userStateChanged(row.userId);
  throw unauthorized(accountMessages.sessionExpired);
}

/** Ends the session of this refresh token (its whole family); unknown tokens are ignored. */
export async function logout(deps: AccountsDeps, token: string | undefined): Promise<void> {
  if (!token) return;
  const row = await repo.findRefreshToken(deps.db, hashToken(token));
  if (!row) return;
  // The access tokens already handed out stop working too: other devices simply refresh theirs.
  await deps.db.transaction(async (tx) => {
    await repo.revokeFamily(tx, row.familyId);
    await repo.bumpTokenVersion(tx, row.userId);
  });
  userStateChanged(row.userId);
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
    throw conflict(adminMessages.recordExists);
  }
  throw err;
}

/** A sign-up waiting for its address to be proved: everything the account will be, sealed in the link. */
type PendingSignUp = { u: string; e: string; h: string; l: Locale; x: number };
const SIGN_UP_PURPOSE = 'sign-up';

const isPendingSignUp = (value: unknown): value is PendingSignUp => {
  const v = value as Partial<PendingSignUp> | null;
  return (
    !!v &&
    typeof v.u === 'string' &&
    typeof v.e === 'string' &&
    typeof v.h === 'string' &&
    (v.l === 'en' || v.l === 'am') &&
    typeof v.x === 'number'
  );
};

/**
 * Registration of a family account, role student (DESIGN §1.9), that exists once its address is proved
 * (decision 220). Nothing is stored: the verification link carries the sign-up sealed (readable and changeable
 * only with the server's secret), and following it creates the account, verified. So neither the answer, nor
 * a sign-in right after, nor the same username tried again tells whether the address is registered (issue 29
 * item 5): with a registered address, nothing is created and its owner gets an "already registered" e-mail
 * instead. A taken username is still said: usernames are public and chosen, and one held by a pending sign-up is
 * not taken. Both kinds of e-mail count against the recipient's cap.
 */
export async function register(deps: AccountsDeps, cap: RecipientCap, body: RegisterBody): Promise<string> {
  const email = body.email.toLowerCase();
  const taken = await repo.findTaken(deps.db, { username: body.username, email });
  if (taken.username) {
    throw badRequest(accountMessages.usernameTaken, { username: [accountMessages.usernameTaken] });
  }
  // Hashed either way, so both answers take as long.
  const passwordHash = await hashPassword(body.password);
  if (taken.email) {
    await sendAlreadyRegistered(deps, cap, email);
    return accountMessages.registrationCheckEmail;
  }
  const pending: PendingSignUp = {
    u: body.username,
    e: email,
    h: passwordHash,
    l: body.locale ?? 'en',
    x: Date.now() + PASSWORD_TOKEN_TTL_MS.verify_email,
  };
  const token = sealPayload(pending, deps.config.jwtSecret, SIGN_UP_PURPOSE);
  if (await cap.allow(email, 'verify_email')) {
    await deps.mailer.send(
      verificationEmail(
        { username: pending.u, email, locale: pending.l },
        verifyEmailLink(deps.config, token),
      ),
    );
  }
  return accountMessages.registrationCheckEmail;
}

/** Someone signed up with an address that has an account: tell its owner (in its language), not the visitor. */
async function sendAlreadyRegistered(deps: AccountsDeps, cap: RecipientCap, email: string): Promise<void> {
  const owner = await repo.findUserByEmail(deps.db, email);
  if (!(await cap.allow(email, 'already_registered'))) return;
  await deps.mailer.send(
    alreadyRegisteredEmail({ email, locale: owner?.locale ?? 'en' }, deps.config.publicUrl),
  );
}

/**
 * An account made by another module (a tutor's application, issue 27) proves its address with a stored,
 * single-use link: e-mailed here, under the recipient cap, in the account's language; `tx` queues it with the
 * account's own transaction.
 */
export async function sendAccountVerification(
  deps: AccountsDeps,
  cap: RecipientCap,
  user: { id: string; username: string; email: string; locale: string },
  tx?: DbOrTx,
): Promise<void> {
  if (!(await cap.allow(user.email, 'verify_email'))) return;
  const token = await issuePasswordToken(tx ?? deps.db, user.id, 'verify_email');
  await deps.mailer.send(verificationEmail(user, verifyEmailLink(deps.config, token)), { tx });
}

/** Someone used an address that already has an account (a sign-up, an application): only its owner is told. */
export const notifyAddressTaken = (deps: AccountsDeps, cap: RecipientCap, email: string) =>
  sendAlreadyRegistered(deps, cap, email);

/** The page where a verification link lands. */
export const verifyEmailLink = (config: Pick<Config, 'publicUrl'>, token: string) =>
  `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;

/**
 * Proves the account's e-mail address, once; the bookings made with it are then linked to the account. Also
 * what a used set-password or reset link does (they too were e-mailed to that address).
 */
async function verifyEmailOf(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  const user = await repo.markEmailVerified(tx, userId, now);
  if (user) await repo.linkReservationsToAccount(tx, user.id, user.email);
}

export async function verifyEmail(deps: AccountsDeps, token: string): Promise<string> {
  const now = new Date();
  const pending = openPayload(token, deps.config.jwtSecret, SIGN_UP_PURPOSE);
  if (isPendingSignUp(pending)) return completeSignUp(deps, pending, now);
  // A link of an account made before decision 220 (stored, single-use tokens).
  const done = await deps.db.transaction(async (tx) => {
    const used = await repo.consumePasswordToken(tx, hashToken(token), now, ['verify_email']);
    if (!used) return false;
    await verifyEmailOf(tx, used.userId, now);
    return true;
  });
  if (!done)
    throw badRequest(accountMessages.resetLinkInvalid, { token: [accountMessages.resetLinkInvalid] });
  return accountMessages.emailVerified;
}

const linkInvalid = () =>
  badRequest(accountMessages.resetLinkInvalid, { token: [accountMessages.resetLinkInvalid] });

/**
 * The sign-up's link followed: the account is created, its address verified, and the guest bookings made with
 * that address linked to it. Once only: afterwards the address has an account, and the link is invalid.
 */
async function completeSignUp(deps: AccountsDeps, pending: PendingSignUp, now: Date): Promise<string> {
  if (pending.x <= now.getTime()) throw linkInvalid();
  try {
    await deps.db.transaction(async (tx) => {
      const taken = await repo.findTaken(tx, { username: pending.u, email: pending.e });
      if (taken.email) throw linkInvalid();
      if (taken.username) {
        throw badRequest(accountMessages.signUpUsernameGone, { token: [accountMessages.signUpUsernameGone] });
      }
      const created = await repo.insertUser(tx, {
        username: pending.u,
        email: pending.e,
        passwordHash: pending.h,
        role: 'student',
        locale: pending.l,
        emailVerifiedAt: now,
      });
      await repo.linkReservationsToAccount(tx, created.id, created.email);
    });
  } catch (err) {
    // The same link followed twice at once: one creates the account.
    if (repo.uniqueViolation(err) !== null) throw linkInvalid();
    throw err;
  }
  return accountMessages.emailVerified;
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

/**
 * Sends a reset link when an active account has this e-mail and the address is under its cap; the answer is
 * the same either way.
 */
export async function requestPasswordReset(
  deps: AccountsDeps,
  cap: RecipientCap,
  email: string,
): Promise<string> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (user && user.isActive && (await cap.allow(user.email, 'reset'))) {
    const token = await issuePasswordToken(deps.db, user.id, 'reset');
    await deps.mailer.send(resetEmail(user, passwordLink(deps.config, token)));
  }
  return accountMessages.resetRequested;
}

/** Sets the password through a reset or set-password link, once; every other session of the user ends. */
export async function confirmPasswordReset(
  deps: AccountsDeps,
  body: { token: string; password: string },
): Promise<string> {
  const passwordHash = await hashPassword(body.password);
  const now = new Date();
  const userId = await deps.db.transaction(async (tx) => {
    const used = await repo.consumePasswordToken(tx, hashToken(body.token), now, ['reset', 'set_password']);
    if (!used) return null;
    await repo.updateUser(tx, used.userId, { passwordHash });
    await repo.revokeAllForUser(tx, used.userId);
    await repo.bumpTokenVersion(tx, used.userId);
    // The link reached the account's mailbox: that proves the address (DESIGN §1.9's set-password link).
    await verifyEmailOf(tx, used.userId, now);
    return used.userId;
  });
  if (userId) userStateChanged(userId);
  if (!userId)
    throw badRequest(accountMessages.resetLinkInvalid, { token: [accountMessages.resetLinkInvalid] });
  return accountMessages.passwordSet;
}

/** The signed-in user's own account; a removed or deactivated account is signed out (401). */
/** The signed-in person's language (issue 18): the e-mails they receive follow it. */
export async function setLocale(db: DbOrTx, userId: string, locale: Locale): Promise<void> {
  const row = await repo.updateUser(db, userId, { locale });
  if (!row || !row.isActive) throw unauthorized(accountMessages.sessionExpired);
}

export async function me(deps: Pick<AccountsDeps, 'db'>, userId: string): Promise<User> {
  const user = await repo.findUserById(deps.db, userId);
  if (!user || !user.isActive) throw unauthorized(accountMessages.sessionExpired);
  return toUserDto(user);
}

/**
 * One's own new password, after the current one (every area: admin profile, tutor profile, family settings).
 * Every session of the account ends, this one too: access tokens through the token version, refresh tokens
 * revoked; the change is in the audit log.
 */
export async function changeOwnPassword(
  db: Db,
  throttle: CurrentPasswordThrottle,
  userId: string,
  body: PasswordChangeBody,
): Promise<string> {
  const user = await repo.findUserById(db, userId);
  if (!user) throw unauthorized();
  if (!(await throttle.attempt(userId))) {
    throw new AppError(429, accountMessages.currentPasswordThrottled);
  }
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, body.current_password))) {
    throw badRequest(accountMessages.currentPasswordWrong, {
      current_password: [accountMessages.currentPasswordWrong],
    });
  }
  await throttle.recordSuccess(userId);
  const passwordHash = await hashPassword(body.new_password);
  await db.transaction(async (tx) => {
    await repo.updateUser(tx, userId, { passwordHash });
    await repo.bumpTokenVersion(tx, userId);
    await repo.revokeAllForUser(tx, userId);
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'change_password',
      entityType: 'user',
      entityId: userId,
    });
  });
  userStateChanged(userId);
  return accountMessages.passwordChanged;
}
