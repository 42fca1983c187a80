import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { roles } from '../db/schema/users.ts';

export type Role = (typeof roles)[number];
export type AccessClaims = { sub: string; role: Role; username: string };

/** Access tokens are short-lived; refresh tokens rotate (accounts module). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(claims: AccessClaims, secret: string): Promise<string> {
  return new SignJWT({ role: claims.role, username: claims.username })
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
    return { sub: payload.sub, role: payload.role as Role, username: String(payload.username ?? '') };
  } catch {
    return null;
  }
}

/** A random, URL-safe secret (refresh, reset and set-password tokens, unsubscribe links). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** Tokens are stored only as their SHA-256. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
