import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../platform/config.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTutorWithAccount, mondayAhead, paidBooking } from '../bookings/lifecycle/test/fixtures.ts';
import { readReservation } from '../bookings/payments/test/fixtures.ts';
import { NOTICE_AFTER_MS, sendDueNotices } from '../messaging/messages.service.ts';
import { bearer, createUser, decodeMail } from './accounts.test-helpers.ts';
import * as repo from './accounts.repository.ts';

/**
 * Issue 31 item 4, decision 262: a guest booking is linked to its family account the moment it is made, the
 * family's zone comes from the booking, and its tutor can message it; nothing of this opens the account to the
 * person who typed the e-mail.
 */
describe('a booking knows its family', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The production bounds per e-mail and per address (the harness sets none unless told).
    t = await createTestApp({ holdLimits: { perEmail: 3, perAddress: 3 } } as Partial<Config>);
  });
  afterAll(() => t.close());

  let address = 0;
  const freshAddress = () => `10.62.${Math.floor(Math.random() * 250)}.${(address += 1) % 250}`;
  const tag = () => randomUUID().slice(0, 8);

  /** A guest's booking through the API, from `remoteAddress`, with the wizard's zone. */
  const hold = (
    tutorId: number,
    email: string,
    opts: { date?: string; time?: string; zone?: string; remoteAddress?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reservations/reservations/',
      remoteAddress: opts.remoteAddress ?? freshAddress(),
      payload: {
        tutor: tutorId,
        date: opts.date ?? mondayAhead(3),
        time: opts.time ?? '10:00',
        duration_hours: 1,
        full_name: 'Almaz Tesfaye',
        email,
        phone: '+251 911 000 000',
        guardian_relationship: 'Mother',
        subject: 'Mathematics',
        student_full_name: 'Liya Tesfaye',
        student_grade: 'Grade 5',
        family_time_zone: opts.zone ?? 'America/New_York',
      },
    });

  const linkToken = (mails: string[], page: string) => {
    for (const mail of mails.map(decodeMail).reverse()) {
      const m = new RegExp(`${page}\\?token=([\\w%-]+)`).exec(mail);
      if (m) return decodeURIComponent(m[1]!);
    }
    return null;
  };

  it('a new e-mail: a passwordless family account in the wizard’s zone, linked at once, nothing mailed', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const email = `guest-${tag()}@example.com`;
    const res = await hold(tutor.id, email.toUpperCase());
    expect(res.statusCode).toBe(201);
    // The booker gets its reservation, nothing of an account: no session, no token.
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(JSON.stringify(res.json())).not.toMatch(/token|user_id|family_user/);
    const account = await repo.findUserByEmail(t.app.db, email);
    expect(account).toMatchObject({
      role: 'student',
      passwordHash: null,
      emailVerifiedAt: null,
      timeZone: 'America/New_York',
      firstName: 'Almaz',
      lastName: 'Tesfaye',
    });
    expect((await readReservation(t.app.db, res.json().id)).reservation.familyUserId).toBe(account!.id);
    // Nothing is e-mailed for an unpaid hold: the set-password link goes with the payment.
    expect(await t.app.mailer.readOutbox(email)).toHaveLength(0);
    // Nobody can sign in to it.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { username: email, password: '' },
      remoteAddress: freshAddress(),
    });
    expect(login.statusCode).toBe(400);

    // A second booking with the e-mail joins the same account; a zone the runtime does not know is dropped.
    const again = await hold(tutor.id, email, { time: '11:00', zone: 'Mars/Olympus' });
    expect(again.statusCode).toBe(201);
    expect((await readReservation(t.app.db, again.json().id)).reservation.familyUserId).toBe(account!.id);
    expect((await repo.findUserByEmail(t.app.db, email))?.timeZone).toBe('America/New_York');
    const bogus = await hold(tutor.id, `guest-${tag()}@example.com`, { time: '14:00', zone: 'Mars/Olympus' });
    expect(bogus.statusCode).toBe(201);
    expect((await readReservation(t.app.db, bogus.json().id)).reservation.familyUserId).not.toBeNull();
  });

  it('an existing family account is linked, and the booker learns nothing and gets no access', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const owner = await createUser(t.app, 'student');
    await repo.markEmailVerified(t.app.db, owner.id, new Date());
    const strangerMail = `guest-${tag()}@example.com`;
    const forOwner = await hold(tutor.id, owner.email, { zone: 'Europe/London' });
    const forNew = await hold(tutor.id, strangerMail, { time: '11:00' });
    expect(forOwner.statusCode).toBe(201);
    // The same answer whether or not the e-mail had an account.
    expect(Object.keys(forOwner.json()).sort()).toEqual(Object.keys(forNew.json()).sort());
    expect(forOwner.headers['set-cookie']).toBeUndefined();
    expect((await readReservation(t.app.db, forOwner.json().id)).reservation.familyUserId).toBe(owner.id);
    // The owner's account is untouched: not its zone, not its password, nothing mailed.
    const after = await repo.findUserById(t.app.db, owner.id);
    expect(after).toMatchObject({ timeZone: '', passwordHash: owner.passwordHash });
    expect(await t.app.mailer.readOutbox(owner.email)).toHaveLength(0);

    // An unverified account with a password (a sign-up of before decision 220: maybe a squatter) is left
    // alone; its booking waits for the address to be proved.
    const squatter = await createUser(t.app, 'student');
    const squatted = await hold(tutor.id, squatter.email, { time: '14:00' });
    expect(squatted.statusCode).toBe(201);
    expect((await readReservation(t.app.db, squatted.json().id)).reservation.familyUserId).toBeNull();
    // So is a tutor's or an admin's account with the e-mail.
    const admin = await createUser(t.app, 'admin');
    const asAdmin = await hold(tutor.id, admin.email, { time: '15:00' });
    expect(asAdmin.statusCode).toBe(201);
    expect((await readReservation(t.app.db, asAdmin.json().id)).reservation.familyUserId).toBeNull();
  });

  it('an account without a zone takes the booking’s until the family sets one; the account is not written', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const owner = await createUser(t.app, 'student');
    await repo.markEmailVerified(t.app.db, owner.id, new Date());
    await paidBooking(t.app, {
      tutorId: tutor.id,
      familyEmail: owner.email,
      date: mondayAhead(4),
      familyTimeZone: 'Asia/Dubai',
    });
    const zones = async () => {
      const week = await t.app.inject({ url: '/api/tutor/overview/', headers: tutor.account.headers });
      return [week.json().next_session, ...week.json().week]
        .filter(Boolean)
        .map((s: { family_time_zone: string }) => s.family_time_zone);
    };
    expect(await zones()).toContain('Asia/Dubai');
    expect((await repo.findUserById(t.app.db, owner.id))?.timeZone).toBe('');
    // The family's own choice wins once made.
    await repo.updateUser(t.app.db, owner.id, { timeZone: 'Asia/Tokyo' });
    expect(new Set(await zones())).toEqual(new Set(['Asia/Tokyo']));
  });

  it('the hold limits bound the accounts one address makes', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const from = freshAddress();
    const emails = [0, 1, 2, 3].map(() => `burst-${tag()}@example.com`);
    const answers = [];
    for (const [i, email] of emails.entries()) {
      const other = i < 2 ? tutor.id : (await createTutorWithAccount(t.app.db, t.config.jwtSecret)).id;
      answers.push((await hold(other, email, { remoteAddress: from, time: `1${4 + i}:00` })).statusCode);
    }
    expect(answers).toEqual([201, 201, 201, 429]);
    const made = await Promise.all(emails.map((e) => repo.findUserByEmail(t.app.db, e)));
    expect(made.map((u) => u !== undefined)).toEqual([true, true, true, false]);
  });

  it('paid: the tutor sees the family’s zone and messages it; the family reads it after setting its password', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const email = `paid-${tag()}@example.com`;
    // An unpaid hold does not make the family messageable.
    const unpaid = await hold(tutor.id, email, { time: '09:00', zone: 'America/Chicago' });
    expect(unpaid.statusCode).toBe(201);
    const familyId = (await readReservation(t.app.db, unpaid.json().id)).reservation.familyUserId!;
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/tutor/messages/',
      headers: tutor.account.headers,
      payload: { family_user_id: familyId },
    });
    expect(early.statusCode).toBe(403);

    const summary = await paidBooking(t.app, { tutorId: tutor.id, familyEmail: email, date: mondayAhead(3) });
    expect((await readReservation(t.app.db, summary.id)).reservation.familyUserId).toBe(familyId);
    const token = linkToken(await t.app.mailer.readOutbox(email), 'reset-password');
    expect(token).toBeTruthy();

    // The tutor's week shows the family's time in the booking's zone.
    const week = await t.app.inject({
      method: 'GET',
      url: '/api/tutor/overview/',
      headers: tutor.account.headers,
    });
    expect(week.statusCode).toBe(200);
    const sessions = [week.json().next_session, ...week.json().week].filter(Boolean);
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions) expect(s.family_time_zone).toBe('America/Chicago');

    const started = await t.app.inject({
      method: 'POST',
      url: '/api/tutor/messages/',
      headers: tutor.account.headers,
      payload: { family_user_id: familyId },
    });
    expect(started.statusCode).toBe(200);
    const conversationId = started.json().id as string;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/tutor/messages/${conversationId}/`,
      headers: tutor.account.headers,
      payload: { body: 'Welcome! Bring a notebook on Monday.' },
    });
    expect(sent.statusCode).toBe(201);
    // The family is away: the e-mail notice goes to its address.
    const before = (await t.app.mailer.readOutbox(email)).length;
    await sendDueNotices(
      t.app.db,
      t.app.mailer,
      t.config.publicUrl,
      new Date(Date.now() + NOTICE_AFTER_MS + 1000),
    );
    const mails = (await t.app.mailer.readOutbox(email)).map(decodeMail);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toContain('Bring a notebook');

    // The family sets its password from the e-mailed link, signs in, and reads the message.
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/password-reset/confirm/',
      payload: { token, password: 'family-pass-31' },
    });
    expect(set.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { username: email, password: 'family-pass-31' },
      remoteAddress: freshAddress(),
    });
    expect(login.statusCode).toBe(200);
    const auth = bearer(login.json().access);
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/student/messages/${conversationId}/`,
      headers: auth,
    });
    expect(thread.statusCode).toBe(200);
    expect(thread.json().messages).toEqual([
      expect.objectContaining({ body: 'Welcome! Bring a notebook on Monday.', mine: false }),
    ]);
  });
});
