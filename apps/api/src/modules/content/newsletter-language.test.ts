import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readMail } from '../bookings/payments/test/fixtures.ts';

/** The newsletter's welcome in the language of the page the address was given on (issue 18). */
describe('newsletter welcome language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const subscribe = (payload: object) => t.app.inject({ method: 'POST', url: '/api/newsletter/', payload });

  it('welcomes in Amharic from the Amharic page, in English otherwise; both with the unsubscribe link', async () => {
    const am = `reader-${randomUUID()}@example.com`;
    expect((await subscribe({ email: am, locale: 'am' })).statusCode).toBe(201);
    const [mail] = await readMail(t.app.mailer, am);
    expect(mail).toMatch(/^Subject: እንኳን ወደ Tibeb Tutoring ጋዜጣ በደህና መጡ$/m);
    expect(mail).toMatch(
      /ምዝገባዎን ለማቋረጥ ይህን ሊንክ ይክፈቱ፦ http:\/\/localhost:3000\/api\/newsletter\/unsubscribe\/\?token=/,
    );

    const en = `reader-${randomUUID()}@example.com`;
    expect((await subscribe({ email: en })).statusCode).toBe(201);
    const [english] = await readMail(t.app.mailer, en);
    expect(english).toMatch(/^Subject: Welcome to the Tibeb Tutoring newsletter$/m);
    expect(english).toContain(
      'To unsubscribe at any time, open this link: http://localhost:3000/api/newsletter/',
    );
  });
});
