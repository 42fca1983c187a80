/** Roles (spec §6); staff and superuser count as admin-level for /admin/*. */
export const roles = ['admin', 'staff', 'superuser', 'tutor', 'student'] as const;
export type Role = (typeof roles)[number];

export const ADMIN_ROLES: readonly Role[] = ['admin', 'staff', 'superuser'];
/** Roles that count as "an administrator" for the last-administrator rule (staff is an employee, not an owner). */
export const ownerRoles: readonly Role[] = ['admin', 'superuser'];

/** Roles are compared in lowercase (spec §6). */
export const normalizeRole = (role: unknown): string =>
  typeof role === 'string' ? role.trim().toLowerCase() : '';

export const isAdminRole = (role: unknown): boolean =>
  (ADMIN_ROLES as readonly string[]).includes(normalizeRole(role));

/** The signed-in area a role belongs to: admin, tutor or student. */
export function areaOf(role: unknown): 'admin' | 'tutor' | 'student' | null {
  const r = normalizeRole(role);
  if (isAdminRole(r)) return 'admin';
  if (r === 'tutor' || r === 'student') return r;
  return null;
}

/** Where a role lands after signing in on /login (DESIGN §1.1). */
export function homeOf(role: unknown): string {
  const area = areaOf(role);
  return area ? `/${area}/dashboard` : '/';
}

/**
 * A `?next=` target is honoured only when it is a path on this site inside the role's own area, so a crafted
 * link cannot send a user elsewhere (open redirect) or into an area they cannot open.
 */
export function safeNextPath(next: string | null | undefined, role: unknown): string {
  const home = homeOf(role);
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return home;
  const area = areaOf(role);
  if (!area) return home;
  if (next === `/${area}` || next.startsWith(`/${area}/`) || next.startsWith(`/${area}?`)) return next;
  return home;
}
