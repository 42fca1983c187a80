import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, registerBodySchema } from './contracts.ts';
import { accountMessages } from './messages.ts';

describe('registration contract', () => {
  it('answers every field’s message, the first as detail', () => {
    const result = registerBodySchema.safeParse({ username: '', email: 'nope', password: 'short' });
    expect(result.success).toBe(false);
    const { detail, errors } = fieldErrorsOf(result.error!);
    expect(detail).toBe(accountMessages.usernameRequired);
    expect(errors.username).toEqual([accountMessages.usernameRequired]);
    expect(errors.email).toEqual([accountMessages.emailInvalid]);
    expect(errors.password).toEqual([accountMessages.passwordPolicy]);
  });

  it('treats a missing field as required and trims the username', () => {
    const missing = registerBodySchema.safeParse({});
    expect(fieldErrorsOf(missing.error!).errors.email).toEqual([accountMessages.emailRequired]);
    const ok = registerBodySchema.safeParse({ username: ' abebe ', email: 'a@b.et', password: 'demo1234' });
    expect(ok.success && ok.data.username).toBe('abebe');
  });

  it('refuses usernames with spaces or symbols', () => {
    const result = registerBodySchema.safeParse({ username: 'a b', email: 'a@b.et', password: 'demo1234' });
    expect(fieldErrorsOf(result.error!).errors.username).toEqual([accountMessages.usernameInvalid]);
  });
});
