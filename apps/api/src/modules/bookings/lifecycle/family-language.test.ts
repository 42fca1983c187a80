import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationApiMessages } from '@tibeb/domain/bookings/api-messages';
import { formatEthiopianDate } from '@tibeb/domain/dates/ethiopic';
import { users } from '../../../platform/db/schema/users.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { findUserByEmail } from '../../accounts/accounts.repository.ts';
import { readMail } from '../payments/test/fixtures.ts';
import { reservationRow } from '../reservations/test-fixtures.repository.ts';
import { sendRenewalReminders } from '../renewals/renewal-reminder.job.ts';
import {
  createTutorWithAccount,
  createUser,
  linkFamily,
  mondayAhead,
  paidBooking,
  setSessionStart,
} from './test/fixtures.ts';

/**
 * E-mails in the family's language (issue 18 item 1): a booking carries the wizard's language; the family
 * account made from it takes it; confirmation, receipt, set-password, cancel and reschedule notices come in
 * the account's language, else the booking's; tutors read English unless their own account says Amharic.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const EAT = 'Africa/Addis_Ababa';
let week = 2;
const email = () => `family-${randomUUID().slice(0, 8)}@example.com`;
const subjectOf = (mail: string) => /^Subject: (.*)$/m.exec(mail)?.[1] ?? '';

/** A tutor, and a paid booking in this language by a family with no account yet, on a week of its own. */
async function unlinkedBooking(locale: 'am' | 'en') {
  const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
  const family = email();
  const summary = await paidBooking(t.app, {
    tutorId: tutor.id,
    familyEmail: family,
    date: mondayAhead((week += 1)),
    locale,
  });
  return { tutor, family, summary };
}

async function setLocale(userId: string, locale: string) {
  await t.app.db.update(users).set({ locale }).where(eq(users.id, userId));
}

describe('the booking carries the language', () => {
  const payload = (extra: object) => ({
    tutor: 1,
    date: mondayAhead(40),
    time: '10:00',
    full_name: 'Almaz Tesfaye',
    email: email(),
    phone: '+251 911 000 000',
    student_full_name: 'Liya Tesfaye',
    student_grade: 'Grade 5',
    ...extra,
  });

  it("stores 'am', defaults to 'en', and answers 400 to any other value", async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const book = (extra: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reservations/reservations/',
        payload: payload({ tutor: tutor.id, ...extra }),
      });
    const am = await book({ locale: 'am' });
    expect(am.statusCode, am.body).toBe(201);
    expect((await reservationRow(t.app.db, am.json().id))!.locale).toBe('am');
    const none = await book({ time: '11:00' });
    expect(none.statusCode, none.body).toBe(201);
    expect((await reservationRow(t.app.db, none.json().id))!.locale).toBe('en');
    for (const locale of ['fr', 'AM', 'amharic']) {
      const bad = await book({ time: '14:00', locale });
      expect(bad.statusCode, locale).toBe(400);
      expect(bad.json().errors.locale).toEqual([reservationApiMessages.invalidLocale]);
    }
  });
});

describe('e-mails to an Amharic family', () => {
  it('confirmation, receipt and set-password in Amharic with Ethiopian dates; the new account is Amharic', async () => {
    const { tutor, family, summary } = await unlinkedBooking('am');
    expect(summary.status).toBe('confirmed');
    expect((await findUserByEmail(t.app.db, family))!.locale).toBe('am');

    const mails = await readMail(t.app.mailer, family);
    expect(mails).toHaveLength(3);
    const [confirmation, receipt, setPassword] = mails as [string, string, string];
    const first = new Date(summary.sessions[0]!.start);
    expect(subjectOf(confirmation)).toBe(`ከ${tutor.fullName} ጋር ያሉዎት የትምህርት ክፍለ ጊዜዎች ተረጋግጠዋል`);
    expect(confirmation).toContain('ውድ Almaz Tesfaye፣');
    expect(confirmation).toContain('ክፍያዎ ደርሶናል');
    // The Gregorian day in Amharic with the Ethiopian date beside it, then the time in EAT.
    const ethiopian = formatEthiopianDate(first, { locale: 'am', timeZone: EAT });
    expect(confirmation).toContain(`(${ethiopian})፣ 10:00–11:00 EAT`);
    expect(confirmation).toMatch(/^- (ሰኞ)፣ \S+ \d{1,2} \d{4} \(/m);
    expect(confirmation).not.toMatch(/Dear|Thank you|Reservation:|\bAM\b/);
    expect(subjectOf(receipt)).toMatch(/^የክፍያ ደረሰኝ [0-9A-F]{8} — Tibeb Tutoring$/);
    expect(receipt).toContain('የተከፈለው መጠን፦ $80.00 (USD)');
    expect(receipt).toContain('ለ፦ ከ');
    expect(subjectOf(setPassword)).toBe('የTibeb Tutoring የይለፍ ቃልዎን ያዘጋጁ');
    expect(setPassword).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[\w-]+/);

    // The tutor's account is in English: the tutor's notice stays English.
    const tutorMail = (await readMail(t.app.mailer, tutor.account.email)).at(-1)!;
    expect(subjectOf(tutorMail)).toBe('New booking: Liya Tesfaye (Mathematics)');
  });

  it('an admin cancel reaches the unlinked family in the booking’s language, and the tutor in English', async () => {
    const { tutor, family, summary } = await unlinkedBooking('am');
    const admin = await createUser(t.app.db, t.config.jwtSecret, 'admin');
    const before = (await readMail(t.app.mailer, family)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${summary.sessions[1]!.id}/cancel/`,
      headers: admin.headers,
      payload: { scope: 'one', outcome: 'credit' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await readMail(t.app.mailer, family);
    expect(mails).toHaveLength(before + 1);
    const cancel = mails.at(-1)!;
    expect(subjectOf(cancel)).toBe(`የተሰረዘ ክፍለ ጊዜ፦ Liya Tesfaye ከ${tutor.fullName} ጋር`);
    expect(cancel).toContain('ቡድናችን ለLiya Tesfaye የተያዙ 1 ክፍለ ጊዜ(ዎች) ሰርዟል፦');
    expect(cancel).toContain('$20.00 በሂሳብዎ ላይ እንደ ክሬዲት ተመዝግቧል');
    const second = new Date(summary.sessions[1]!.start);
    expect(cancel).toContain(formatEthiopianDate(second, { locale: 'am', timeZone: EAT }));
    const tutorCancel = (await readMail(t.app.mailer, tutor.account.email)).at(-1)!;
    expect(subjectOf(tutorCancel)).toBe('Session cancelled: Liya Tesfaye');
    expect(tutorCancel).toContain('These sessions with Liya Tesfaye are cancelled');
  });

  it('the account’s language wins over the booking’s; its own zone is named beside EAT', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const family = await createUser(t.app.db, t.config.jwtSecret, 'student', {
      email: email(),
      timeZone: 'Europe/London',
    });
    await setLocale(family.id, 'am');
    const date = mondayAhead((week += 1));
    // Booked from an English page: the booking says 'en', the account says 'am'.
    const summary = await paidBooking(t.app, { tutorId: tutor.id, familyEmail: family.email, date });
    await linkFamily(t.app.db, summary.id, family.id);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${summary.sessions[0]!.id}/reschedule/`,
      headers: family.headers,
      payload: { date, time: '11:00', scope: 'one' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const move = (await readMail(t.app.mailer, family.email)).at(-1)!;
    expect(subjectOf(move)).toBe(`የክፍለ ጊዜ ሰዓት ተቀይሯል፦ Liya Tesfaye ከ${tutor.fullName} ጋር`);
    expect(move).toContain('የLiya Tesfaye ክፍለ ጊዜዎች አዲስ ሰዓት ተሰጥቷቸዋል፦');
    expect(move).toMatch(/10:00–11:00 EAT \(በእርስዎ ሰዓት፦ .+ Europe\/London\)/);
    expect(move).toMatch(/\n {2}አሁን፦ .+11:00–12:00 EAT/);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${summary.sessions[2]!.id}/cancel/`,
      headers: family.headers,
      payload: { scope: 'one', outcome: 'credit' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cancel = (await readMail(t.app.mailer, family.email)).at(-1)!;
    expect(cancel).toContain('ለLiya Tesfaye የተያዙ 1 ክፍለ ጊዜ(ዎች) ሰርዘዋል፦');
  });

  it('a tutor whose account is Amharic gets the booking notice in Amharic', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    await setLocale(tutor.account.id, 'am');
    await paidBooking(t.app, {
      tutorId: tutor.id,
      familyEmail: email(),
      date: mondayAhead((week += 1)),
    });
    const notice = (await readMail(t.app.mailer, tutor.account.email)).at(-1)!;
    expect(subjectOf(notice)).toBe('አዲስ ቀጠሮ፦ Liya Tesfaye (Mathematics)');
    expect(notice).toContain('ሰላም');
    expect(notice).toContain('የሚከተሉትን ክፍለ ጊዜዎች ይዘዋል፦');
  });
});

describe('the renewal reminder', () => {
  it('reaches a family whose account is Amharic in Amharic, with the Ethiopian date of the last session', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const family = await createUser(t.app.db, t.config.jwtSecret, 'student', { email: email() });
    await setLocale(family.id, 'am');
    const summary = await paidBooking(t.app, {
      tutorId: tutor.id,
      familyEmail: family.email,
      date: mondayAhead((week += 1)),
    });
    await linkFamily(t.app.db, summary.id, family.id);
    // Only the first session is left, two days ahead: the paid weeks end within the week.
    await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${summary.sessions[1]!.id}/cancel/`,
      headers: family.headers,
      payload: { scope: 'series', outcome: 'credit' },
    });
    const last = new Date(Date.now() + 2 * 24 * 3_600_000);
    last.setUTCMinutes(0, 0, 0);
    await setSessionStart(t.app.db, summary.sessions[0]!.id, last);
    await sendRenewalReminders({ db: t.app.db, mailer: t.app.mailer, publicUrl: 'http://localhost:3000' });
    const reminder = (await readMail(t.app.mailer, family.email)).at(-1)!;
    expect(subjectOf(reminder)).toBe(`የLiya Tesfaye ትምህርቶችን ከ${tutor.fullName} ጋር ያድሱ`);
    expect(reminder).toContain(formatEthiopianDate(last, { locale: 'am', timeZone: EAT }));
    expect(reminder).toContain('ለማደስ፦ http://localhost:3000/student/dashboard');
  });
});

describe('e-mails to an English family', () => {
  it('stay in English, exactly as before', async () => {
    const { tutor, family, summary } = await unlinkedBooking('en');
    const admin = await createUser(t.app.db, t.config.jwtSecret, 'admin');
    expect((await findUserByEmail(t.app.db, family))!.locale).toBe('en');
    const [confirmation, receipt, setPassword] = (await readMail(t.app.mailer, family)) as [
      string,
      string,
      string,
    ];
    expect(subjectOf(confirmation)).toBe(`Your tutoring sessions with ${tutor.fullName} are confirmed`);
    expect(confirmation).toContain(
      `Dear Almaz Tesfaye,\n\nThank you: your payment was received and these sessions for Liya Tesfaye with ${tutor.fullName} are booked (times in EAT, Addis Ababa time):`,
    );
    expect(confirmation).toMatch(/^- Mon, \d{1,2} \w{3} \d{4}, 10:00–11:00 EAT$/m);
    expect(confirmation).not.toMatch(/[\u1200-\u137F]/);
    expect(receipt).toContain('Receipt for your payment.');
    expect(receipt).toContain('Amount paid: $80.00 (USD)');
    expect(receipt).toMatch(/Paid on: \d{4}-\d{2}-\d{2} \d{2}:\d{2} EAT/);
    expect(subjectOf(setPassword)).toBe('Set your Tibeb Tutoring password');
    expect(setPassword).toContain('The link works once and expires in 72 hours.');

    await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${summary.sessions[3]!.id}/cancel/`,
      headers: admin.headers,
      payload: { scope: 'one', outcome: 'credit' },
    });
    const cancel = (await readMail(t.app.mailer, family)).at(-1)!;
    expect(subjectOf(cancel)).toBe(`Session cancelled: Liya Tesfaye with ${tutor.fullName}`);
    expect(cancel).toContain('Our team has cancelled 1 session(s) for Liya Tesfaye:');
    expect(cancel).toMatch(/- Mon, .+, 10:00–11:00 EAT: \$20\.00 credited to your account/);
    expect(cancel).not.toMatch(/[\u1200-\u137F]/);
  });
});
