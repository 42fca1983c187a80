import { randomUUID } from 'node:crypto';
// Test fixtures write rows straight into the schema (tests are exempt from the repository rule).
import { eq, sql } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  reminderSms,
  reminderWhatsAppVariables,
  type ReminderContent,
} from '@tibeb/domain/messaging/reminders';
import { smsSegments } from '@tibeb/domain/messaging/sms-segments';
import { buildApp } from '../../app.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import type { Config, TwilioConfig } from '../../platform/config.ts';
import { openDatabase, queryRows, type Database, type Db } from '../../platform/db/client.ts';
import { reservations, sessions } from '../../platform/db/schema/bookings.ts';
import { users } from '../../platform/db/schema/users.ts';
import { signAccessToken } from '../../platform/auth/tokens.ts';
import { createHeldReservation, createTutor, decodeEml } from '../bookings/payments/test/fixtures.ts';
import { twilioSignature } from './reminders.service.ts';
import {
  createTestApp,
  createTestDatabase,
  testConfig,
  testEngine,
  type TestApp,
} from '../../test/harness.ts';
import { claimDueReminders, deliveriesOf } from './session-reminder.repository.ts';
import {
  reminderDeps,
  REMINDER_MAX_ATTEMPTS,
  sendSessionReminders,
  type ReminderDeps,
} from './session-reminder.job.ts';
import { FakeTwilioServer } from './test/fake-twilio-server.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const SMS_FROM = '+15005550006';
const WHATSAPP_FROM = '+14155238886';
const CONTENT_EN = `HX${'e1'.repeat(16)}`;
const CONTENT_AM = `HX${'a2'.repeat(16)}`;

const twilioConfig = (fake: FakeTwilioServer): TwilioConfig => ({
  accountSid: fake.accountSid,
  authToken: fake.authToken,
  smsFrom: SMS_FROM,
  whatsapp: { from: WHATSAPP_FROM, contentSid: { en: CONTENT_EN, am: CONTENT_AM } },
  baseUrl: fake.baseUrl,
});

type Family = {
  preference?: 'email' | 'phone' | 'whatsapp' | '';
  locale?: 'en' | 'am';
  timeZone?: string;
  phone?: string;
  /** A guest booking: the family account (made after payment) is found by e-mail, not linked. */
  linked?: boolean;
};

/**
 * A paid booking with one scheduled session at `startsAt` (booked long before), for a family account with the
 * given language, zone and preference. Answers the session, the reservation and the family's account.
 */
async function scheduledSession(db: Db, startsAt: Date, family: Family = {}) {
  const tag = randomUUID().slice(0, 8);
  const email = `family-${tag}@example.com`;
  const [account] = await db
    .insert(users)
    .values({
      username: `family_${tag}`,
      email,
      role: 'student',
      firstName: 'Hana',
      lastName: 'Tesfaye',
      locale: family.locale ?? 'en',
      timeZone: family.timeZone ?? '',
      emailVerifiedAt: new Date(),
    })
    .returning();
  const tutor = await createTutor(db);
  const { reservation, sessions: rows } = await createHeldReservation(db, {
    tutorId: tutor.id,
    firstStart: startsAt,
    count: 1,
    email,
    fullName: 'Hana Tesfaye',
  });
  await db
    .update(reservations)
    .set({
      status: 'confirmed',
      confirmedAt: new Date(startsAt.getTime() - 7 * 24 * HOUR),
      familyUserId: family.linked === false ? null : account!.id,
      communicationPreference: family.preference ?? 'email',
      phone: family.phone ?? '0911 234 567',
      locale: family.linked === false ? (family.locale ?? 'en') : 'en',
    })
    .where(eq(reservations.id, reservation.id));
  await db
    .update(sessions)
    .set({ status: 'scheduled', holdExpiresAt: null })
    .where(eq(sessions.id, rows[0]!.id));
  return { session: rows[0]!, reservation, account: account!, tutor, email };
}

/** The e-mails queued for an address, oldest first (the shared queue: whichever instance delivers them). */
async function queuedMail(db: Db, to: string) {
  return queryRows<{ subject: string; text: string }>(
    db,
    sql`select subject, text from mail_outbox where "to" = ${to} order by created_at`,
  );
}

const deps = (t: TestApp): ReminderDeps => reminderDeps(t.app);

let fake: FakeTwilioServer;
let t: TestApp;
// Each test's sessions are far enough apart that one test's pass never reaches another's.
let slot = 0;
const nextStart = () => new Date(Date.UTC(2031, 0, 5 + (slot += 4), 13, 0, 0));
const eatDay = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'Africa/Addis_Ababa',
});

beforeAll(async () => {
  fake = await new FakeTwilioServer().start();
  t = await createTestApp({ twilio: twilioConfig(fake) });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
afterEach(() => vi.restoreAllMocks());

describe(`lesson reminders by e-mail (${testEngine})`, () => {
  it('sends the 24-hour and the 1-hour reminder once each, with the opt-out link', async () => {
    const start = nextStart();
    const { session, email } = await scheduledSession(t.app.db, start, { timeZone: 'America/New_York' });

    // 25 hours before: nothing is due yet.
    expect((await sendSessionReminders(deps(t), new Date(start.getTime() - 25 * HOUR))).sent.email).toBe(0);
    const first = await sendSessionReminders(deps(t), new Date(start.getTime() - 24 * HOUR + MINUTE));
    expect(first.sent.email).toBe(1);
    // The next minutes' passes find it done.
    await sendSessionReminders(deps(t), new Date(start.getTime() - 24 * HOUR + 2 * MINUTE));
    await sendSessionReminders(deps(t), new Date(start.getTime() - 2 * HOUR));
    expect(await queuedMail(t.app.db, email)).toHaveLength(1);

    const second = await sendSessionReminders(deps(t), new Date(start.getTime() - HOUR + MINUTE));
    expect(second.sent.email).toBe(1);
    await sendSessionReminders(deps(t), new Date(start.getTime() - 30 * MINUTE));
    const mails = await queuedMail(t.app.db, email);
    const tutor = await tutorName(t.app.db, session.tutorId);
    expect(mails.map((m) => m.subject)).toEqual([
      `Reminder: Liya Tesfaye's lesson with ${tutor}, ${eatDay.format(start)} 16:00 EAT`,
      `Starting in 1 hour: Liya Tesfaye's lesson with ${tutor}`,
    ]);
    expect(mails[0]!.text).toContain('16:00–17:00 EAT');
    expect(mails[0]!.text).toContain('08:00–09:00 America/New_York, your time');
    expect(mails[0]!.text).toMatch(/Stop them: http:\/\/localhost:3000\/api\/reminders\/opt-out\/\?token=/);
    expect(await deliveriesOf(t.app.db, session.id)).toMatchObject([
      { kind: '1h', channel: 'email', status: 'sent', attempts: 1 },
      { kind: '24h', channel: 'email', status: 'sent', attempts: 1 },
    ]);
    // The queue delivers it like any e-mail.
    const delivered = (await t.app.mailer.readOutbox(email)).map(decodeEml);
    expect(delivered).toHaveLength(2);
    expect(delivered[0]).toContain('A reminder of Liya Tesfaye');
  });

  it("writes to an Amharic family in Amharic, with the Ethiopian date and the family's own time", async () => {
    // Monday 16 September 2030, 16:00 EAT: Meskerem 6, 2023 in the Ethiopian calendar; 14:00 in London (BST).
    const start = new Date(Date.UTC(2030, 8, 16, 13, 0, 0));
    const { email, tutor } = await scheduledSession(t.app.db, start, {
      locale: 'am',
      timeZone: 'Europe/London',
    });
    await sendSessionReminders(deps(t), new Date(start.getTime() - 23 * HOUR));
    const [mail] = await queuedMail(t.app.db, email);
    expect(mail!.subject).toBe(
      `ማስታወሻ፦ የተማሪ Liya Tesfaye ትምህርት ከአስጠኚ ${tutor.fullName} ጋር፣ ሰኞ፣ መስከረም 6 (ሴፕቴ 16) 16:00 EAT`,
    );
    expect(mail!.text).toContain('ሰላም Hana Tesfaye፣');
    expect(mail!.text).toContain('ጊዜ፦ ሰኞ፣ መስከረም 6 2023 ዓ.ም. (ሴፕቴ 16 2030)፣ 16:00–17:00 EAT');
    expect(mail!.text).toContain(
      'በእርስዎ ሰዓት (Europe/London)፦ ሰኞ፣ መስከረም 6 2023 ዓ.ም. (ሴፕቴ 16 2030)፣ 14:00–15:00',
    );
    expect(mail!.text).toContain('ማስታወሻዎቹን ለማቆም፦ http://localhost:3000/api/reminders/opt-out/?token=');
  });

  it('a guest booking follows its own language and the account made for its e-mail', async () => {
    const start = nextStart();
    const { email, account } = await scheduledSession(t.app.db, start, { locale: 'am', linked: false });
    await sendSessionReminders(deps(t), new Date(start.getTime() - 23 * HOUR));
    const [mail] = await queuedMail(t.app.db, email);
    expect(mail!.subject).toMatch(/^ማስታወሻ፦/);
    // The opt-out link turns off the reminders of the family account with the booking's e-mail.
    const link = /http:\/\/localhost:3000(\/api\/reminders\/opt-out\/\?token=\S+)/.exec(mail!.text)![1]!;
    expect(decodeURIComponent(link)).toContain(account.id);
  });
});

async function tutorName(db: Db, tutorId: number) {
  const [row] = await queryRows<{ full_name: string }>(
    db,
    sql`select full_name from tutors where id = ${tutorId}`,
  );
  return row!.full_name;
}

function contentFor(
  row: { start: Date; locale: 'en' | 'am'; zone: string; tutor: string },
  kind: '24h' | '1h',
  now: Date,
): ReminderContent {
  return {
    kind,
    locale: row.locale,
    startsAt: row.start,
    endsAt: new Date(row.start.getTime() + HOUR),
    familyZone: row.zone,
    familyName: 'Hana Tesfaye',
    studentName: 'Liya Tesfaye',
    tutorName: row.tutor,
    subject: 'Mathematics',
    link: 'http://localhost:3000/student/dashboard',
    now,
  };
}

describe(`lesson reminders by SMS and WhatsApp through Twilio (${testEngine})`, () => {
  it('sends the SMS through the SDK to the E.164 number with the Amharic text, within 3 UCS-2 segments', async () => {
    const start = nextStart();
    const { session, email, tutor } = await scheduledSession(t.app.db, start, {
      preference: 'phone',
      locale: 'am',
      timeZone: 'America/New_York',
      phone: '0911-23 45 67',
    });
    const before = fake.requests.length;
    const now = new Date(start.getTime() - HOUR + 30_000);
    const pass = await sendSessionReminders(deps(t), now);
    expect(pass.sent).toEqual({ email: 0, sms: 1, whatsapp: 0, telegram: 0 });
    const [request, ...more] = fake.requests.slice(before);
    expect(more).toHaveLength(0);
    expect(request!.path).toBe(`/2010-04-01/Accounts/${fake.accountSid}/Messages.json`);
    expect(request!.credentials).toBe(`${fake.accountSid}:${fake.authToken}`);
    expect(request!.form.To).toBe('+251911234567');
    expect(request!.form.From).toBe(SMS_FROM);
    const expected = reminderSms(
      contentFor({ start, locale: 'am', zone: 'America/New_York', tutor: tutor.fullName }, '1h', now),
    );
    expect(request!.form.Body).toBe(expected);
    expect(request!.form.Body).toContain('በ1 ሰዓት ውስጥ፣ 16:00 EAT (በእርስዎ ሰዓት 08:00) ላይ ይጀምራል');
    expect(smsSegments(request!.form.Body!)).toMatchObject({ encoding: 'UCS-2' });
    expect(smsSegments(request!.form.Body!).segments).toBeLessThanOrEqual(3);
    expect(await deliveriesOf(t.app.db, session.id)).toMatchObject([
      { kind: '1h', channel: 'sms', status: 'sent', provider_id: request!.sid },
    ]);
    expect(await queuedMail(t.app.db, email)).toHaveLength(0);
    // Once: the next pass sends nothing.
    await sendSessionReminders(deps(t), new Date(now.getTime() + MINUTE));
    expect(fake.requests.length).toBe(before + 1);
  });

  it('sends WhatsApp through the approved template (Content SID and variables), per language', async () => {
    const start = nextStart();
    const en = await scheduledSession(t.app.db, start, { preference: 'whatsapp', phone: '+1 202 555 0143' });
    const am = await scheduledSession(t.app.db, new Date(start.getTime() + 2 * HOUR), {
      preference: 'whatsapp',
      locale: 'am',
      phone: '0711234567',
    });
    const before = fake.requests.length;
    const now = new Date(start.getTime() - 22 * HOUR);
    const pass = await sendSessionReminders(deps(t), now);
    expect(pass.sent).toEqual({ email: 0, sms: 0, whatsapp: 2, telegram: 0 });
    const sent = fake.requests.slice(before);
    const toEn = sent.find((r) => r.form.To === 'whatsapp:+12025550143')!;
    const toAm = sent.find((r) => r.form.To === 'whatsapp:+251711234567')!;
    for (const r of [toEn, toAm]) {
      expect(r.form.From).toBe(`whatsapp:${WHATSAPP_FROM}`);
      expect(r.form.Body).toBeUndefined();
    }
    expect(toEn.form.ContentSid).toBe(CONTENT_EN);
    expect(JSON.parse(toEn.form.ContentVariables!)).toEqual(
      reminderWhatsAppVariables(
        contentFor({ start, locale: 'en', zone: '', tutor: en.tutor.fullName }, '24h', now),
      ),
    );
    expect(toAm.form.ContentSid).toBe(CONTENT_AM);
    const amVariables = JSON.parse(toAm.form.ContentVariables!) as Record<string, string>;
    expect(amVariables['3']).toMatch(/^.+ \(.+\)፣ 18:00 EAT ላይ$/);
    expect(amVariables['2']).toBe(am.tutor.fullName);
    expect(await deliveriesOf(t.app.db, am.session.id)).toMatchObject([
      { kind: '24h', channel: 'whatsapp', status: 'sent' },
    ]);
  });

  it('without an Amharic template, an Amharic family gets the English one, in English', async () => {
    const start = nextStart();
    const am = await scheduledSession(t.app.db, start, {
      preference: 'whatsapp',
      locale: 'am',
      phone: '0933445566',
    });
    const base = deps(t);
    const englishOnly: ReminderDeps = {
      ...base,
      twilio: {
        ...base.twilio!,
        whatsapp: { from: WHATSAPP_FROM, contentSid: { en: CONTENT_EN, am: undefined } },
      },
    };
    const before = fake.requests.length;
    const now = new Date(start.getTime() - 22 * HOUR);
    expect((await sendSessionReminders(englishOnly, now)).sent.whatsapp).toBe(1);
    const [request] = fake.requests.slice(before);
    expect(request!.form.ContentSid).toBe(CONTENT_EN);
    expect(JSON.parse(request!.form.ContentVariables!)).toEqual(
      reminderWhatsAppVariables(
        contentFor({ start, locale: 'en', zone: '', tutor: am.tutor.fullName }, '24h', now),
      ),
    );
  });

  it('without a usable mobile number, a phone preference falls back to e-mail', async () => {
    const start = nextStart();
    const { email, session } = await scheduledSession(t.app.db, start, {
      preference: 'phone',
      phone: '011 551 2345',
    });
    const pass = await sendSessionReminders(deps(t), new Date(start.getTime() - 20 * HOUR));
    expect(pass.sent).toEqual({ email: 1, sms: 0, whatsapp: 0, telegram: 0 });
    expect(await queuedMail(t.app.db, email)).toHaveLength(1);
    expect(await deliveriesOf(t.app.db, session.id)).toMatchObject([{ channel: 'email', status: 'sent' }]);
  });

  it('retries a refusal that may pass (a 5xx) a bounded number of times, then records it failed', async () => {
    const start = nextStart();
    const ok = await scheduledSession(t.app.db, start, { preference: 'phone' });
    let now = new Date(start.getTime() - 20 * HOUR);
    fake.fail(2, 503, 20503, 'Service unavailable');
    expect((await sendSessionReminders(deps(t), now)).retrying).toBe(1);
    // Not before its time: one minute later.
    expect((await sendSessionReminders(deps(t), new Date(now.getTime() + 30_000))).retrying).toBe(0);
    now = new Date(now.getTime() + MINUTE);
    expect((await sendSessionReminders(deps(t), now)).retrying).toBe(1);
    now = new Date(now.getTime() + 2 * MINUTE);
    expect((await sendSessionReminders(deps(t), now)).sent.sms).toBe(1);
    expect(await deliveriesOf(t.app.db, ok.session.id)).toMatchObject([
      { kind: '24h', channel: 'sms', status: 'sent', attempts: REMINDER_MAX_ATTEMPTS, last_error: '' },
    ]);

    const down = await scheduledSession(t.app.db, new Date(start.getTime() + 2 * HOUR), {
      preference: 'phone',
    });
    fake.fail(REMINDER_MAX_ATTEMPTS, 500, 20500, 'Internal error');
    for (let i = 0; i < 6; i++) await sendSessionReminders(deps(t), new Date(now.getTime() + i * 2 * MINUTE));
    expect(await deliveriesOf(t.app.db, down.session.id)).toMatchObject([
      {
        kind: '24h',
        channel: 'sms',
        status: 'failed',
        attempts: REMINDER_MAX_ATTEMPTS,
        last_error: 'Internal error',
      },
    ]);

    // A number Twilio refuses is not tried again.
    const bad = await scheduledSession(t.app.db, new Date(start.getTime() + 4 * HOUR), {
      preference: 'phone',
    });
    fake.fail(1, 400, 21211, "The 'To' number is not a valid phone number.");
    const before = fake.requests.length;
    for (let i = 0; i < 3; i++) await sendSessionReminders(deps(t), new Date(now.getTime() + i * 2 * MINUTE));
    expect(fake.requests.length).toBe(before + 1);
    expect(await deliveriesOf(t.app.db, bad.session.id)).toMatchObject([
      { kind: '24h', status: 'failed', attempts: 1 },
    ]);
  });

  it('a claim whose instance stopped while sending is recorded as interrupted, never sent a second time', async () => {
    const start = nextStart();
    const { session } = await scheduledSession(t.app.db, start, { preference: 'phone' });
    const now = new Date(start.getTime() - 20 * HOUR);
    // An instance claims the reminder, then dies before Twilio answers.
    const [claim] = await t.app.db.transaction((tx) =>
      claimDueReminders(tx, {
        kind: '24h',
        now,
        fromMs: 24 * HOUR,
        untilMs: 3 * HOUR,
        bookedAheadMs: 24 * HOUR,
        leaseMs: 5 * MINUTE,
        limit: 10,
      }),
    );
    expect(claim).toMatchObject({ session_id: session.id, kind: '24h' });
    const before = fake.requests.length;
    // Inside the lease another instance leaves it alone; after it, the claim is given up.
    expect((await sendSessionReminders(deps(t), new Date(now.getTime() + MINUTE))).failed).toBe(0);
    expect((await sendSessionReminders(deps(t), new Date(now.getTime() + 6 * MINUTE))).failed).toBe(1);
    await sendSessionReminders(deps(t), new Date(now.getTime() + 7 * MINUTE));
    expect(fake.requests.length).toBe(before);
    expect(await deliveriesOf(t.app.db, session.id)).toMatchObject([
      { kind: '24h', status: 'failed', last_error: expect.stringMatching(/^interrupted/) },
    ]);
  });

  it('a session cancelled before its reminder, or while a retry waits, gets none', async () => {
    const start = nextStart();
    const cancelled = await scheduledSession(t.app.db, start, { preference: 'phone' });
    await t.app.db.update(sessions).set({ status: 'cancelled' }).where(eq(sessions.id, cancelled.session.id));
    const waiting = await scheduledSession(t.app.db, new Date(start.getTime() + HOUR), {
      preference: 'phone',
    });
    const before = fake.requests.length;
    const now = new Date(start.getTime() - 20 * HOUR);
    fake.fail(1, 503, 20503);
    expect((await sendSessionReminders(deps(t), now)).retrying).toBe(1);
    await t.app.db.update(sessions).set({ status: 'cancelled' }).where(eq(sessions.id, waiting.session.id));
    const later = await sendSessionReminders(deps(t), new Date(now.getTime() + 5 * MINUTE));
    expect(later.skipped).toBe(1);
    expect(fake.requests.length).toBe(before + 1); // the refused attempt only
    expect(await deliveriesOf(t.app.db, cancelled.session.id)).toEqual([]);
    expect(await deliveriesOf(t.app.db, waiting.session.id)).toMatchObject([
      { kind: '24h', status: 'skipped', last_error: 'cancelled' },
    ]);
  });

  it('a moved session is reminded again at its new time, never at the old one', async () => {
    const start = nextStart();
    const { session, email } = await scheduledSession(t.app.db, start);
    await sendSessionReminders(deps(t), new Date(start.getTime() - 23 * HOUR));
    expect(await queuedMail(t.app.db, email)).toHaveLength(1);
    // Moved two days later.
    const moved = new Date(start.getTime() + 48 * HOUR);
    await t.app.db
      .update(sessions)
      .set({ startsAt: moved, endsAt: new Date(moved.getTime() + HOUR), rescheduledFromStartsAt: start })
      .where(eq(sessions.id, session.id));
    // At the old time's 1-hour mark: nothing.
    await sendSessionReminders(deps(t), new Date(start.getTime() - 30 * MINUTE));
    expect(await queuedMail(t.app.db, email)).toHaveLength(1);
    await sendSessionReminders(deps(t), new Date(moved.getTime() - 23 * HOUR));
    await sendSessionReminders(deps(t), new Date(moved.getTime() - 22 * HOUR));
    const mails = await queuedMail(t.app.db, email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain(eatDay.format(moved));
    const [delivery, ...others] = await deliveriesOf(t.app.db, session.id);
    expect(others).toEqual([]);
    expect(delivery).toMatchObject({ kind: '24h', status: 'sent' });
    expect(new Date(delivery!.starts_at).getTime()).toBe(moved.getTime());
  });

  it('a session booked less than a day ahead gets only the 1-hour reminder', async () => {
    const start = nextStart();
    const { session, reservation, email } = await scheduledSession(t.app.db, start);
    await t.app.db
      .update(reservations)
      .set({ confirmedAt: new Date(start.getTime() - 5 * HOUR) })
      .where(eq(reservations.id, reservation.id));
    await sendSessionReminders(deps(t), new Date(start.getTime() - 4 * HOUR));
    expect(await queuedMail(t.app.db, email)).toHaveLength(0);
    await sendSessionReminders(deps(t), new Date(start.getTime() - 50 * MINUTE));
    expect((await deliveriesOf(t.app.db, session.id)).map((d) => d.kind)).toEqual(['1h']);
  });
});

describe(`stopping reminders (${testEngine})`, () => {
  it('the e-mail link opens a page (nothing changes), its button turns reminders off without signing in', async () => {
    const start = nextStart();
    const { email, account } = await scheduledSession(t.app.db, start, { locale: 'am' });
    await sendSessionReminders(deps(t), new Date(start.getTime() - 23 * HOUR));
    const [mail] = await queuedMail(t.app.db, email);
    const url = /http:\/\/localhost:3000(\/api\/reminders\/opt-out\/\?token=\S+)/.exec(mail!.text)![1]!;
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<html lang="am">');
    expect(page.body).toContain('ማስታወሻዎቹን ያቁሙ');
    expect(await remindersEnabled(t.app.db, account.id)).toBe(true);

    const token = decodeURIComponent(url.split('token=')[1]!);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/reminders/opt-out/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('ማስታወሻዎቹ ቆመዋል');
    expect(await remindersEnabled(t.app.db, account.id)).toBe(false);
    // Honoured: the 1-hour reminder does not come.
    await sendSessionReminders(deps(t), new Date(start.getTime() - 30 * MINUTE));
    expect(await queuedMail(t.app.db, email)).toHaveLength(1);
    // The settings screen turns them on again (the family API).
    expect((await t.app.inject({ method: 'GET', url })).body).toContain('አስቀድመው ቆመዋል');
  });

  it('the settings screen decides: its preference reaches the bookings, and reminders off means none', async () => {
    const start = nextStart();
    const { account, session } = await scheduledSession(t.app.db, start, { preference: 'email' });
    const token = await signAccessToken(
      { sub: account.id, role: 'student', username: account.username },
      t.config.jwtSecret,
    );
    const save = (body: { communication_preference: string; reminders_enabled: boolean }) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/student/settings/',
        headers: { authorization: `Bearer ${token}` },
        payload: { first_name: 'Hana', last_name: 'Tesfaye', time_zone: '', ...body },
      });
    expect((await save({ communication_preference: 'phone', reminders_enabled: false })).statusCode).toBe(
      200,
    );
    await sendSessionReminders(deps(t), new Date(start.getTime() - 20 * HOUR));
    expect(await deliveriesOf(t.app.db, session.id)).toEqual([]);

    expect((await save({ communication_preference: 'phone', reminders_enabled: true })).statusCode).toBe(200);
    const before = fake.requests.length;
    const pass = await sendSessionReminders(deps(t), new Date(start.getTime() - 20 * HOUR + MINUTE));
    expect(pass.sent.sms).toBe(1);
    expect(fake.requests[before]!.form.To).toBe('+251911234567');
  });

  it('a forged or altered token changes nothing', async () => {
    const start = nextStart();
    const { account } = await scheduledSession(t.app.db, start);
    for (const token of [`${account.id}.AAAA`, 'nonsense', `${randomUUID()}.${'x'.repeat(43)}`, '']) {
      const page = await t.app.inject({ method: 'GET', url: `/api/reminders/opt-out/?token=${token}` });
      expect(page.statusCode).toBe(404);
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/reminders/opt-out/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token=${encodeURIComponent(token)}`,
      });
      expect(post.statusCode).toBe(404);
    }
    expect(await remindersEnabled(t.app.db, account.id)).toBe(true);
  });

  it('STOP sent to our number (signed by Twilio) turns the family’s reminders off, START on again', async () => {
    const start = nextStart();
    const { account, session } = await scheduledSession(t.app.db, start, {
      preference: 'phone',
      phone: '0922 111 333',
    });
    const url = 'http://localhost:3000/api/reminders/twilio/inbound/';
    const inbound = (
      params: Record<string, string>,
      signature = twilioSignature(fake.authToken, url, params),
    ) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reminders/twilio/inbound/',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        payload: new URLSearchParams(params).toString(),
      });
    const stop = { From: '+251922111333', To: SMS_FROM, Body: 'Stop', MessageSid: `SM${'0'.repeat(32)}` };
    // Our signature is the one Twilio's own SDK expects.
    expect(
      twilio.validateRequest(fake.authToken, twilioSignature(fake.authToken, url, stop), url, stop),
    ).toBe(true);

    expect((await inbound(stop, 'forged')).statusCode).toBe(403);
    expect(await remindersEnabled(t.app.db, account.id)).toBe(true);
    const res = await inbound(stop);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/xml/);
    expect(res.body).toContain('<Message>Tibeb: lesson reminders are off.');
    expect(await remindersEnabled(t.app.db, account.id)).toBe(false);
    await sendSessionReminders(deps(t), new Date(start.getTime() - 20 * HOUR));
    expect(await deliveriesOf(t.app.db, session.id)).toEqual([]);

    const again = await inbound({
      ...stop,
      From: 'whatsapp:+251922111333',
      Body: 'START',
      MessageSid: `SM${'1'.repeat(32)}`,
    });
    expect(again.body).toContain('lesson reminders are on again');
    expect(await remindersEnabled(t.app.db, account.id)).toBe(true);
    // Anything else is not an instruction.
    const chat = await inbound({
      ...stop,
      Body: 'Hello, is the lesson today?',
      MessageSid: `SM${'2'.repeat(32)}`,
    });
    expect(chat.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  });
});

async function remindersEnabled(db: Db, userId: string) {
  const [row] = await db.select({ on: users.remindersEnabled }).from(users).where(eq(users.id, userId));
  return row!.on;
}

describe(`without Twilio (${testEngine})`, () => {
  it('SMS and WhatsApp preferences get e-mail, the SDK is never loaded, and the inbound route is absent', async () => {
    const plain = await createTestApp();
    try {
      const start = nextStart();
      const sms = await scheduledSession(plain.app.db, start, { preference: 'phone' });
      const wa = await scheduledSession(plain.app.db, new Date(start.getTime() + HOUR), {
        preference: 'whatsapp',
      });
      const d = deps(plain);
      const sender = vi.spyOn(d, 'sender');
      const pass = await sendSessionReminders(d, new Date(start.getTime() - 20 * HOUR));
      expect(pass.sent).toEqual({ email: 2, sms: 0, whatsapp: 0, telegram: 0 });
      expect(sender).not.toHaveBeenCalled();
      expect(await queuedMail(plain.app.db, sms.email)).toHaveLength(1);
      expect(await queuedMail(plain.app.db, wa.email)).toHaveLength(1);
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/reminders/twilio/inbound/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'From=%2B251911234567&Body=STOP',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

/**
 * Two app instances on one database ticking at the same moment (issue 18 Show): each reminder goes out once.
 * On PostgreSQL each instance has its own connection pool; on PGlite the two share the embedded database.
 */
describe(`two instances on one database (${testEngine})`, () => {
  let database: Database & { url?: string };
  let second: Database;
  const apps: AppInstance[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    second = database.url
      ? await openDatabase({ engine: 'postgres', url: database.url, poolSize: 10 })
      : database;
    const config: Config = testConfig({ twilio: twilioConfig(fake) });
    apps.push(await buildApp({ config, database }), await buildApp({ config, database: second }));
    await Promise.all(apps.map((a) => a.ready()));
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    if (second !== database) await second.close();
    await database.close();
  });

  it('sends each of 30 reminders (e-mail, SMS, WhatsApp) exactly once', async () => {
    const start = new Date(Date.UTC(2032, 5, 7, 13, 0, 0));
    const preferences = ['email', 'phone', 'whatsapp'] as const;
    const booked = [];
    // Every session has its own tutor: all 30 start at the same time.
    for (let i = 0; i < 30; i++) {
      booked.push(
        await scheduledSession(apps[0]!.db, start, {
          preference: preferences[i % 3],
          phone: `+2519${String(10000000 + i)}`,
          locale: i % 2 ? 'am' : 'en',
        }),
      );
    }
    const before = fake.requests.length;
    const depsOf = apps.map((a): ReminderDeps => reminderDeps(a));
    // Every reminder is due; both instances tick together, three times at the same minute, then twice more
    // a minute and three minutes later: a message a busy machine's network dropped (a retryable failure, as
    // in production) is retried there, and still goes out once.
    const now = new Date(start.getTime() - 23 * HOUR);
    const results = [];
    for (const offset of [0, 0, 0, MINUTE, 3 * MINUTE]) {
      const at = new Date(now.getTime() + offset);
      results.push(...(await Promise.all(depsOf.map((d) => sendSessionReminders(d, at)))));
    }
    const total = results.reduce(
      (acc, r) => ({
        email: acc.email + r.sent.email,
        sms: acc.sms + r.sent.sms,
        wa: acc.wa + r.sent.whatsapp,
        skipped: acc.skipped + r.skipped,
        failed: acc.failed + r.failed,
      }),
      { email: 0, sms: 0, wa: 0, skipped: 0, failed: 0 },
    );
    expect(total).toEqual({ email: 10, sms: 10, wa: 10, skipped: 0, failed: 0 });
    const messages = fake.requests.slice(before);
    const to = messages.map((m) => m.form.To!);
    expect(new Set(to).size).toBe(20);
    expect(to).toHaveLength(20);
    for (const b of booked.filter((_, i) => i % 3 === 0))
      expect(await queuedMail(apps[1]!.db, b.email)).toHaveLength(1);
    const rows = await queryRows<{ n: number }>(
      apps[0]!.db,
      sql`select count(*)::int as n from reminder_deliveries where status = 'sent' and session_id in (${sql.join(
        booked.map((b) => sql`${b.session.id}`),
        sql`, `,
      )})`,
    );
    expect(rows[0]!.n).toBe(30);
  });
});

describe(`the app runs the job when its jobs are on (${testEngine})`, () => {
  afterEach(() => vi.useRealTimers());

  it('passes at start and every minute: a reminder due goes out once', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = await createTestApp({ jobs: true, twilio: twilioConfig(fake) });
    try {
      await scheduledSession(app.app.db, new Date(Date.now() + 20 * HOUR), {
        preference: 'phone',
        phone: '0944556677',
      });
      const sent = () => fake.messages.filter((m) => m.form.To === '+251944556677').length;
      await vi.advanceTimersByTimeAsync(60_000);
      await vi.waitFor(() => expect(sent()).toBe(1), { timeout: 10_000 });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(sent()).toBe(1);
    } finally {
      await app.close();
    }
  });
});
