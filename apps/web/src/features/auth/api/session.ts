import { API_BASE } from '../../../lib/api-client.ts';
import {
  clearSession,
  decodeTokenClaims,
  getAccessToken,
  getRefreshToken,
  saveSession,
} from '../../../lib/auth-storage.ts';

let inflight: Promise<boolean> | null = null;

/**
 * Renews the session with the stored refresh token (rotating it). One renewal at a time per tab: concurrent 401s
 * wait for the same answer. A refused token ends the session; a network failure keeps it for a later try.
 * Plain fetch, not the api client, so that a 401 here cannot trigger another refresh.
 */
export function refreshSession(): Promise<boolean> {
  inflight ??= (async () => {
    const refresh = getRefreshToken();
    if (!refresh) {
      clearSession();
      return false;
    }
    try {
      const res = await fetch(`${API_BASE}/accounts/refresh/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refresh }),
      });
      if (!res.ok) {
        // Another tab may have rotated the token meanwhile: its newer pair is already stored.
        if (getRefreshToken() !== refresh) return true;
        clearSession();
        return false;
      }
      // A malformed answer throws here: like a network failure, the session is kept for a later try. The
      // contract (and zod) loads only now: a page that never refreshes a session never downloads it (decision 245).
      const { tokenPairSchema } = await import('@tibeb/domain/accounts/contracts');
      const pair = tokenPairSchema.parse(await res.json());
      saveSession({ access: pair.access, refresh: pair.refresh, role: pair.role });
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}

/** Whether the stored access token has expired (or expires within `marginMs`). */
export function accessTokenExpired(marginMs = 5_000): boolean {
  const token = getAccessToken();
  if (!token) return false;
  const exp = decodeTokenClaims(token)?.exp;
  return typeof exp === 'number' && exp * 1000 < Date.now() + marginMs;
}

/** Revokes a refresh token on the server (best effort; 204, no body to parse). */
export function revokeRefreshToken(refresh: string) {
  void fetch(`${API_BASE}/accounts/logout/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh }),
    keepalive: true,
  }).catch(() => {});
}

/** Logout (spec §4): ends the session on the server (best effort) and removes the tokens and role. */
export function endSession() {
  const refresh = getRefreshToken();
  clearSession();
  if (refresh) revokeRefreshToken(refresh);
}
