import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { accessTokenExpired, refreshSession } from '../features/auth/api/session.ts';
import { loggedOutByUser, useAuth } from '../features/auth/hooks/use-auth.ts';
import { clearSession, getRefreshToken } from '../lib/auth-storage.ts';

/**
 * Guards an area (spec §6): roles compared in lowercase, read from the stored user or the token claim; anyone
 * else goes to /login with the address to come back to. An expired access token is renewed with the refresh
 * token first, and nothing renders meanwhile (spec §6 "While the role is still loading, nothing renders").
 */
export function RequireRole({ roles }: { roles: readonly string[] }) {
  const { role } = useAuth();
  const location = useLocation();
  const [renewing, setRenewing] = useState(() => accessTokenExpired());

  useEffect(() => {
    if (!renewing) return;
    let live = true;
    // A refused refresh token ends the session (refreshSession clears it); a network failure keeps it for a
    // later try. Without any refresh token, the expired session is over.
    const renewal = getRefreshToken() ? refreshSession() : Promise.resolve(clearSession());
    void renewal.then(() => {
      if (live) setRenewing(false);
    });
    return () => {
      live = false;
    };
  }, [renewing]);

  if (renewing) return null;
  if (!role && loggedOutByUser()) return <Navigate to="/" replace />;
  if (!role || !roles.includes(role)) {
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/login?next=${next}`} replace />;
  }
  return <Outlet />;
}
