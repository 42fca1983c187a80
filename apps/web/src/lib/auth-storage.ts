/**
 * Where the browser keeps the session (spec §9): `access_token`, a `user` record {role, token},
 * a `refresh_token` and a `role`. Reads try several keys, as the spec's client does.
 */
export const storageKeys = {
  access: 'access_token',
  refresh: 'refresh_token',
  role: 'role',
  user: 'user',
  auth: 'auth',
} as const;

export type StoredUser = { role: string; token: string };

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parseJson(value: string | null): unknown {
  if (!value) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** The bare access token (without a `Bearer ` prefix), from the first key that has one. */
export function getAccessToken(): string | null {
  const user = parseJson(read(storageKeys.user)) as Partial<StoredUser> | null;
  const auth = parseJson(read(storageKeys.auth)) as { access?: unknown } | null;
  const candidates = [
    read(storageKeys.access),
    typeof user?.token === 'string' ? user.token : null,
    typeof auth?.access === 'string' ? auth.access : null,
    read('token'),
  ];
  const found = candidates.find((c) => typeof c === 'string' && c.trim() !== '');
  return found ? found.replace(/^Bearer\s+/i, '').trim() : null;
}

export function getRefreshToken(): string | null {
  return read(storageKeys.refresh);
}

/** Decodes a JWT's payload without verifying it: the server verifies; the browser only reads the role. */
export function decodeTokenClaims(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const claims = JSON.parse(json) as unknown;
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The role, in lowercase, from the stored user, the stored role or the token's claim. */
export function getStoredRole(): string | null {
  const user = parseJson(read(storageKeys.user)) as Partial<StoredUser> | null;
  if (typeof user?.role === 'string' && user.role) return user.role.toLowerCase();
  const role = read(storageKeys.role);
  if (role) return role.toLowerCase();
  const token = getAccessToken();
  const claim = token ? decodeTokenClaims(token)?.role : null;
  return typeof claim === 'string' ? claim.toLowerCase() : null;
}

export function saveSession(session: { access: string; refresh?: string; role: string }) {
  localStorage.setItem(storageKeys.access, session.access);
  if (session.refresh) localStorage.setItem(storageKeys.refresh, session.refresh);
  localStorage.setItem(storageKeys.role, session.role.toLowerCase());
  localStorage.setItem(
    storageKeys.user,
    JSON.stringify({ role: session.role.toLowerCase(), token: session.access }),
  );
  window.dispatchEvent(new Event('auth-change'));
}

export function clearSession() {
  for (const key of Object.values(storageKeys)) localStorage.removeItem(key);
  window.dispatchEvent(new Event('auth-change'));
}
