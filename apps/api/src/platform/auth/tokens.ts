import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { roles } from '../db/schema/users.ts';

export type Role = (typeof roles)[number];
/** `ver` is the account's token version when the token was signed: any change of state raises it (issue 12). */
export type AccessClaims = { sub: string; role: Role; username: string; ver: number };

/** Access tokens are short-lived; refresh tokens rotate (accounts module). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

/** Signs an access token; `ver` defaults to 0, a new account's version. */
export async function signAccessToken(
  claims: Omit<AccessClaims, 'ver'> & { ver?: number },
  secret: string,
): Promise<string> {
  return new SignJWT({ role: claims.role, username: claims.username, ver: claims.ver ?? 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key(secret));
}

/** Answers the claims of a valid, unexpired token, or null. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') return null;
    // Every token carries an expiry and a version; one without is not ours.
    if (typeof payload.exp !== 'number' || typeof payload.ver !== 'number') return null;
    return {
      sub: payload.sub,
      role: payload.role as Role,
      username: String(payload.username ?? ''),
      ver: payload.ver,
    };
  } catch {
    return null;
  }
}

/** A random, URL-safe secret (refresh, reset and set-password tokens, unsubscribe links). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** Tokens are stored only as their SHA-256. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The refresh token that follows `token` when it is rotated: derived with the signing key, so a second request
 * with the same token inside the grace window gets the very same successor without any secret being stored.
 */
export const successorToken = (token: string, secret: string) =>
  createHmac('sha256', secret).update(`refresh-successor:${token}`).digest('base64url');

const sealKey = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'tibeb-sealed-token', purpose, 32));

/**
 * A small JSON payload as a URL-safe token that can be neither read nor changed without the signing secret
 * (AES-256-GCM under a key derived for `purpose`): what a link carries when nothing is stored until it is used
 * (a sign-up waiting for its address to be proved, decision 220).
 */
export function sealPayload(payload: object, secret: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The payload of a token `sealPayload` made for `purpose` with this secret, or null for anything else. */
export function openPayload(token: string, secret: string, purpose: string): unknown {
  try {
    const raw = Buffer.from(token, 'base64url');
    if (raw.length < 12 + 16 + 2) return null;
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret, purpose), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const text = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]);
    return JSON.parse(text.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
