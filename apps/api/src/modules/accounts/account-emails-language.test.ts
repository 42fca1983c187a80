import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readMail } from '../bookings/payments/test/fixtures.ts';
import { findUserByEmail } from './accounts.repository.ts';
import { bearer, createUser, loginAs, uniq, verifyLinkToken } from './accounts.test-helpers.ts';

/** The account e-mails in the account's language (issue 18): sign-up, already registered, reset, new account. */
describe('account e-mails in the account’s language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const subjectOf = (mail: string) => /^Subject: (.*)$/m.exec(mail)?.[1] ?? '';

  it('a sign-up from the Amharic interface makes an Amharic account and an Amharic verification e-mail', async () => {
    const name = `family_${uniq()}`;
    const email = `${name}@example.test`;
    const res = await post('/api/accounts/register/', {
      username: name,
      email,
      password: 'tigist2025',
      locale: 'am',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await readMail(t.app.mailer, email);
    expect(subjectOf(mail!)).toBe('የኢሜይል አድራሻዎን ያረጋግጡ — Tibeb Tutoring');
    expect(mail).toContain(`ሰላም ${name}፣`);
    expect(mail).toContain('እንኳን ወደ Tibeb Tutoring በደህና መጡ።');
    expect(mail).toMatch(/http:\/\/localhost:3000\/verify-email\?token=[\w-]+/);
    // The account, made when the link is followed, keeps the language of the sign-up.
    const token = await verifyLinkToken(t.app, email);
    expect((await post('/api/accounts/verify-email/', { token })).statusCode).toBe(200);
    expect((await findUserByEmail(t.app.db, email))!.locale).toBe('am');

    // Signing up again with the address: its owner is told, in the account's language.
    const again = await post('/api/accounts/register/', {
      username: `other_${uniq()}`,
      email,
      password: 'tigist2025',
    });
    expect(again.statusCode).toBe(201);
    const notice = (await readMail(t.app.mailer, email)).at(-1)!;
    expect(subjectOf(notice)).toBe('አንድ ሰው በኢሜይልዎ ለመመዝገብ ሞክሯል — Tibeb Tutoring');
    expect(notice).toContain('http://localhost:3000/forgot-password');
  });

  it('a sign-up without a language stays English, word for word', async () => {
    const name = `family_${uniq()}`;
    const email = `${name}@example.test`;
    expect(
      (await post('/api/accounts/register/', { username: name, email, password: 'tigist2025' })).statusCode,
    ).toBe(201);
    const [mail] = await readMail(t.app.mailer, email);
    expect(subjectOf(mail!)).toBe('Confirm your email address — Tibeb Tutoring');
    expect(mail).toContain(
      `Hello ${name},\n\nWelcome to Tibeb Tutoring. Please confirm that this is your email address (the link works once, within 3 days):`,
    );
    expect(mail).toContain('If you did not sign up, ignore this email.');
    const token = await verifyLinkToken(t.app, email);
    expect((await post('/api/accounts/verify-email/', { token })).statusCode).toBe(200);
    expect((await findUserByEmail(t.app.db, email))!.locale).toBe('en');
  });

  it('refuses an unknown language with a 400', async () => {
    const name = `family_${uniq()}`;
    const res = await post('/api/accounts/register/', {
      username: name,
      email: `${name}@example.test`,
      password: 'tigist2025',
      locale: 'fr',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.locale).toEqual(['Choose a language: en or am.']);
    expect(await findUserByEmail(t.app.db, `${name}@example.test`)).toBeUndefined();
  });

  it('the reset e-mail follows the language chosen with PUT /api/accounts/locale/', async () => {
    const user = await createUser(t.app, 'student');
    const { access } = await loginAs(t.app, user);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/accounts/locale/',
          payload: { locale: 'am' },
          headers: bearer(access),
        })
      ).statusCode,
    ).toBe(204);
    await post('/api/accounts/password-reset/', { email: user.email });
    const am = (await readMail(t.app.mailer, user.email)).at(-1)!;
    expect(subjectOf(am)).toBe('የTibeb Tutoring የይለፍ ቃልዎን ይቀይሩ');
    expect(am).toContain(`አንድ ሰው የTibeb Tutoring መለያዎን (${user.username}) የይለፍ ቃል ለመቀየር ጠይቋል።`);
    expect(am).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[\w-]+/);

    await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/locale/',
      payload: { locale: 'en' },
      headers: bearer(access),
    });
    await post('/api/accounts/password-reset/', { email: user.email });
    const en = (await readMail(t.app.mailer, user.email)).at(-1)!;
    expect(subjectOf(en)).toBe('Reset your Tibeb Tutoring password');
    expect(en).toContain('Choose a new password here (the link works once, for 1 hour):');
  });

  it('an account an admin makes is English unless made in Amharic', async () => {
    const admin = await createUser(t.app, 'admin');
    const { access } = await loginAs(t.app, admin);
    for (const locale of [undefined, 'am'] as const) {
      const name = `tutor_${uniq()}`;
      const res = await post(
        '/api/admin/users/',
        { username: name, email: `${name}@example.test`, role: 'tutor', ...(locale ? { locale } : {}) },
        bearer(access),
      );
      expect(res.statusCode, res.body).toBe(201);
      const [mail] = await readMail(t.app.mailer, `${name}@example.test`);
      expect(subjectOf(mail!)).toBe(locale === 'am' ? 'የTibeb Tutoring መለያዎ' : 'Your Tibeb Tutoring account');
      expect(mail).toContain(locale === 'am' ? `(የተጠቃሚ ስም፦ ${name})` : `(username: ${name})`);
    }
  });
});
