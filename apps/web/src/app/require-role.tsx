import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../features/auth/hooks/use-auth.ts';

/**
 * Guards an area (spec §6): roles compared in lowercase, read from the stored user or the token claim;
 * anyone else goes to /login with the address to come back to.
 */
export function RequireRole({ roles }: { roles: string[] }) {
  const { role } = useAuth();
  const location = useLocation();
  if (!role || !roles.includes(role)) {
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/login?next=${next}`} replace />;
  }
  return <Outlet />;
}
