import { describe, expect, it } from 'vitest';
import { clearSession, getAccessToken, getStoredRole, saveSession } from './auth-storage.ts';

const token = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;

describe('auth storage (spec §6, §9)', () => {
  it('reads the role in lowercase from the stored user first', () => {
    localStorage.setItem('user', JSON.stringify({ role: 'ADMIN', token: 'x' }));
    expect(getStoredRole()).toBe('admin');
  });

  it("falls back to the token's role claim", () => {
    localStorage.setItem('access_token', token({ role: 'Tutor' }));
    expect(getStoredRole()).toBe('tutor');
  });

  it('logout removes the access token, refresh token and role', () => {
    saveSession({ access: token({ role: 'student' }), refresh: 'r', role: 'student' });
    expect(getAccessToken()).not.toBeNull();
    clearSession();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(getStoredRole()).toBeNull();
  });
});
