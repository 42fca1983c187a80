import { useSyncExternalStore } from 'react';
import { setRefreshHandler } from '../../../lib/api-client.ts';
import { getAccessToken, getStoredRole } from '../../../lib/auth-storage.ts';
import { endSession, refreshSession } from '../api/session.ts';

// Silent refresh: an API call answered 401 renews the access token once with the refresh token, then retries.
setRefreshHandler(refreshSession);

function subscribe(onChange: () => void) {
  window.addEventListener('auth-change', onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener('auth-change', onChange);
    window.removeEventListener('storage', onChange);
  };
}

const snapshot = () => `${getStoredRole() ?? ''}|${getAccessToken() ? '1' : '0'}`;

/** The signed-in state as the browser knows it; it follows sign-in and sign-out in every tab. */
export function useAuth() {
  const value = useSyncExternalStore(subscribe, snapshot, () => '|0');
  const [role, signed] = value.split('|');
  return { role: role || null, isSignedIn: signed === '1' };
}

let signedOutByUser = false;
let signInNotice: string | null = null;

/** Logout (spec §4): removes the access token, refresh token and role (and revokes the session); the caller then goes to /. */
export function logout() {
  signedOutByUser = true;
  endSession();
}

/**
 * Whether the session ended by the user's own Logout (the area guard then leaves for / as the caller does,
 * rather than for /login). Cleared by the next sign-in.
 */
export const loggedOutByUser = () => signedOutByUser;
export function clearLogoutIntent() {
  signedOutByUser = false;
  signInNotice = null;
}

/**
 * A password change ends every session, this one too (decision 256): the session ends without the Logout
 * intent, so the area guard sends the user to /login (with ?next= back here), where `signInNotice` tells why.
 * Cleared by the next sign-in.
 */
export function signInAgain(message: string) {
  signedOutByUser = false;
  signInNotice = message;
  endSession();
}
export const pendingSignInNotice = () => signInNotice;
