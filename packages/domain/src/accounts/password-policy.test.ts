import { describe, expect, it } from 'vitest';
import { accountMessages } from './messages.ts';
import { passwordProblem } from './password-policy.ts';

describe('password policy', () => {
  it('accepts 8+ characters with a letter and a digit', () => {
    expect(passwordProblem('demo1234')).toBeNull();
    expect(passwordProblem('ሰላም-ዓለም-2025')).toBeNull();
  });
  it('refuses short, letter-only, digit-only and overlong passwords with a clear message', () => {
    expect(passwordProblem('abc123')).toBe(accountMessages.passwordPolicy);
    expect(passwordProblem('abcdefghij')).toBe(accountMessages.passwordPolicy);
    expect(passwordProblem('1234567890')).toBe(accountMessages.passwordPolicy);
    expect(passwordProblem(`a1${'x'.repeat(200)}`)).toBe(accountMessages.passwordTooLong);
  });
});
