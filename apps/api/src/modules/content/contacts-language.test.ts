import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createUser } from '../accounts/accounts.test-helpers.ts';
import { updateUser } from '../accounts/accounts.repository.ts';
import { readMail } from '../bookings/payments/test/fixtures.ts';

/** The contact acknowledgement in the sender's language, where it is known (issue 18). */
describe('contact acknowledgement language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contacts/',
      payload,
      remoteAddress: `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
  const message = { name: 'Meron', message: 'Do you teach Tigrigna to 6-year-olds?' };

  it('from the Amharic page: Amharic; with no language: English, word for word', async () => {
    const am = `parent-${randomUUID()}@example.com`;
    expect((await send({ ...message, email: am, locale: 'am' })).statusCode).toBe(201);
    const [mail] = await readMail(t.app.mailer, am);
    expect(mail).toMatch(/^Subject: መልዕክትዎ ደርሶናል — Tibeb Tutoring$/m);
    expect(mail).toContain('መልዕክትዎ ደርሶናል፤ በአንድ የሥራ ቀን ውስጥ መልስ እንሰጥዎታለን።');

    const en = `parent-${randomUUID()}@example.com`;
    expect((await send({ ...message, email: en })).statusCode).toBe(201);
    const [english] = await readMail(t.app.mailer, en);
    expect(english).toMatch(/^Subject: We received your message — Tibeb Tutoring$/m);
    expect(english).toContain(
      'Thank you for contacting Tibeb Tutoring. We have received your message and will reply within one working day.',
    );
  });

  it("without a language, an account's address is answered in the account's language", async () => {
    const user = await createUser(t.app, 'student');
    await updateUser(t.app.db, user.id, { locale: 'am' });
    expect((await send({ ...message, email: user.email })).statusCode).toBe(201);
    const [mail] = await readMail(t.app.mailer, user.email);
    expect(mail).toContain('ሰላም፣');
  });

  it('refuses an unknown language with a 400', async () => {
    const res = await send({ ...message, email: `parent-${randomUUID()}@example.com`, locale: 'xx' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.locale).toEqual(['Choose a language: en or am.']);
  });
});
