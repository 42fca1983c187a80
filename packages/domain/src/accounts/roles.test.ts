import { describe, expect, it } from 'vitest';
import { areaOf, homeOf, isAdminRole, safeNextPath } from './roles.ts';

describe('roles (spec §6)', () => {
  it('compares roles in lowercase; staff and superuser are admin-level', () => {
    expect(isAdminRole('ADMIN')).toBe(true);
    expect(isAdminRole('Staff')).toBe(true);
    expect(isAdminRole('superuser')).toBe(true);
    expect(isAdminRole('tutor')).toBe(false);
    expect(areaOf('Student')).toBe('student');
    expect(areaOf('visitor')).toBeNull();
  });

  it('sends each role to its own dashboard', () => {
    expect(homeOf('staff')).toBe('/admin/dashboard');
    expect(homeOf('tutor')).toBe('/tutor/dashboard');
    expect(homeOf('student')).toBe('/student/dashboard');
  });

  it('honours ?next= only inside the role’s own area', () => {
    expect(safeNextPath('/tutor/schedule', 'tutor')).toBe('/tutor/schedule');
    expect(safeNextPath('/admin/users?q=a', 'admin')).toBe('/admin/users?q=a');
    expect(safeNextPath('/admin/users', 'student')).toBe('/student/dashboard');
    expect(safeNextPath('//evil.example/admin/', 'admin')).toBe('/admin/dashboard');
    expect(safeNextPath('https://evil.example', 'admin')).toBe('/admin/dashboard');
    expect(safeNextPath(null, 'tutor')).toBe('/tutor/dashboard');
  });
});
