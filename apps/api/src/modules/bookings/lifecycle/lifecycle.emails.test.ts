import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../platform/db/schema/users.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { readMail } from '../payments/test/fixtures.ts';
import { createTutorWithAccount, createUser, mondayAhead, paidBooking } from './test/fixtures.ts';

/**
 * Every e-mail about a booking leads into the site (issue 32 item 8): the family's confirmation, receipt, move
 * and cancel notices to its area, the tutor's to its schedule; in the reader's language.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const familyLine = {
  en: 'Your sessions, receipts and messages are in your family area: http://localhost:3000/student/dashboard',
  am: 'ክፍለ ጊዜዎችዎ፣ ደረሰኞችዎና መልዕክቶችዎ በቤተሰብ ገጽዎ ላይ ይገኛሉ፦ http://localhost:3000/student/dashboard',
};
const tutorLine = {
  en: 'Your schedule: http://localhost:3000/tutor/dashboard',
  am: 'የጊዜ ሰሌዳዎ፦ http://localhost:3000/tutor/dashboard',
};
const subjectOf = (mail: string) => /^Subject: (.*)$/m.exec(mail)?.[1] ?? '';
let week = 3;

describe.each(['en', 'am'] as const)('booking e-mails in %s', (locale) => {
  it('confirmation, receipt, move and cancel link to the family area; the tutor’s to its schedule', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    await t.app.db.update(users).set({ locale }).where(eq(users.id, tutor.account.id));
    const admin = await createUser(t.app.db, t.config.jwtSecret, 'admin');
    const family = `family-${randomUUID().slice(0, 8)}@example.com`;
    const date = mondayAhead((week += 1));
    const summary = await paidBooking(t.app, { tutorId: tutor.id, familyEmail: family, date, locale });
    expect(summary.status).toBe('confirmed');
    for (const [action, payload] of [
      ['reschedule', { date, time: '11:00', scope: 'one' }],
      ['cancel', { scope: 'one', outcome: 'credit' }],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/bookings/sessions/${summary.sessions[1]!.id}/${action}/`,
        headers: admin.headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    // Confirmation, receipt, set-password (its own link), move, cancel.
    const mails = await readMail(t.app.mailer, family);
    expect(mails).toHaveLength(5);
    const [confirmation, receipt, , move, cancel] = mails as [string, string, string, string, string];
    for (const mail of [confirmation, receipt, move, cancel]) {
      expect(mail.split(familyLine[locale]), subjectOf(mail)).toHaveLength(2);
    }
    expect(subjectOf(move)).toMatch(locale === 'en' ? /^Session moved/ : /ሰዓት ተቀይሯል/);
    expect(subjectOf(cancel)).toMatch(locale === 'en' ? /^Session cancelled/ : /የተሰረዘ ክፍለ ጊዜ/);

    // The tutor's booking, move and cancel notices, in its account's language.
    const tutorMails = await readMail(t.app.mailer, tutor.account.email);
    expect(tutorMails).toHaveLength(3);
    for (const mail of tutorMails) expect(mail, subjectOf(mail)).toContain(tutorLine[locale]);
  });
});
