import { describe, expect, it } from 'vitest';
import { accountMessages } from './messages.ts';

describe('account texts as the spec writes them', () => {
  it('keeps the spec’s exact wording', () => {
    expect(accountMessages.accessDenied).toBe('Access denied: Only admins can log in.');
    expect(accountMessages.invalidCredentials).toBe('Invalid credentials');
    expect(accountMessages.loginFailed).toBe('Login failed');
    expect(accountMessages.registering).toBe('Registering...');
    expect(accountMessages.registrationSuccess).toBe('Registration successful! You can now log in.');
    expect(accountMessages.registrationFailed).toBe('Registration failed.');
    expect(accountMessages.networkError).toBe('Network error. Please try again later.');
    expect(accountMessages.passwordsMismatch).toBe("Passwords don't match.");
  });
});
