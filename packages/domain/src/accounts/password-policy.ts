import { accountMessages } from './messages.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The password policy: 8 to 128 characters with at least one letter and one digit. Long passphrases are welcome;
 * the upper bound keeps Argon2 hashing cheap to refuse.
 */
export function passwordProblem(password: string): string | null {
  if (password.length > PASSWORD_MAX_LENGTH) return accountMessages.passwordTooLong;
  if (password.length < PASSWORD_MIN_LENGTH || !/\p{L}/u.test(password) || !/\p{N}/u.test(password)) {
    return accountMessages.passwordPolicy;
  }
  return null;
}
