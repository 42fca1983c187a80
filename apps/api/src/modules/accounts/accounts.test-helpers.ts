import { randomBytes } from 'node:crypto';
import type { Role } from '@tibeb/domain/accounts/roles';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { insertUser, type UserRow } from './accounts.repository.ts';

/** For tests: a unique suffix, so test files never collide on usernames or e-mails. */
export const uniq = () => randomBytes(5).toString('hex');

const hashes = new Map<string, Promise<string>>();

/** For tests: an active user with this role, and a way to sign in as it. */
export async function createUser(
  app: AppInstance,
  role: Role,
  opts: { password?: string; isActive?: boolean; username?: string } = {},
): Promise<UserRow & { password: string }> {
  const password = opts.password ?? 'secret-pass-1';
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  const name = opts.username ?? `${role}_${uniq()}`;
  const row = await insertUser(app.db, {
    username: name,
    email: `${name}@example.test`,
    passwordHash: await hashes.get(password)!,
    role,
    isActive: opts.isActive ?? true,
  });
  return { ...row, password };
}

export async function loginAs(
  app: AppInstance,
  user: { username: string; password: string },
): Promise<{ access: string; refresh: string; role: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/accounts/login/',
    payload: { username: user.username, password: user.password },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

/** For tests: an outbox .eml's body as text (quoted-printable soft breaks and escapes undone). */
export const decodeMail = (eml: string) =>
  eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** For tests: the token of the last `/verify-email` link e-mailed to `email`, or null. */
export async function verifyLinkToken(app: AppInstance, email: string): Promise<string | null> {
  const mails = (await app.mailer.readOutbox(email)).map(decodeMail);
  for (const mail of mails.reverse()) {
    const m = /verify-email\?token=([\w%-]+)/.exec(mail);
    if (m) return decodeURIComponent(m[1]!);
  }
  return null;
}

/**
 * For tests: a sign-up through the API, completed the way a person does it (decision 220): the link of the
 * verification e-mail is followed, which creates the account.
 */
export async function signUpAndConfirm(
  app: AppInstance,
  body: { username: string; email: string; password: string; locale?: string },
): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/api/accounts/register/', payload: body });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const token = await verifyLinkToken(app, body.email);
  if (!token) throw new Error(`no verification link for ${body.email}`);
  const ok = await app.inject({ method: 'POST', url: '/api/accounts/verify-email/', payload: { token } });
  if (ok.statusCode !== 200) throw new Error(`verification failed: ${ok.statusCode} ${ok.body}`);
}
