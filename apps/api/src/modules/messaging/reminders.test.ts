import { randomBytes, randomUUID } from 'node:crypto';
// Test fixtures write rows straight into the schema (tests are exempt from the repository rule).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../platform/db/client.ts';
import { reservations } from '../../platform/db/schema/bookings.ts';
import { users } from '../../platform/db/schema/users.ts';
import { createHeldReservation, createTutor } from '../bookings/payments/test/fixtures.ts';
import { createTestApp, testEngine, type TestApp } from '../../test/harness.ts';
import { twilioSignature } from './reminders.service.ts';

/**
 * STOP and START by SMS or WhatsApp (issue 29 item 5, decision 221): they reach only the accounts whose trusted
 * phone sent them, and each Twilio message id is processed once.
 */

const AUTH_TOKEN = 'fake-twilio-auth-token-0123456789';
const URL = 'http://localhost:3000/api/reminders/twilio/inbound/';
const EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    twilio: {
      accountSid: `AC${'a1'.repeat(16)}`,
      authToken: AUTH_TOKEN,
      smsFrom: '+15005550006',
      whatsapp: undefined,
      baseUrl: 'http://127.0.0.1:9',
    },
  });
});
afterAll(() => t.close());

const sid = () => `SM${randomBytes(16).toString('hex')}`;
let phoneSeq = 0;
/** A fresh Ethiopian mobile number, as a family types it and in E.164. */
const newPhone = () => {
  const national = `9${String(10_000_000 + (process.pid % 1000) * 10_000 + (phoneSeq += 1)).slice(-8)}`;
  return {
    typed: `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
    e164: `+251${national}`,
  };
};

function inbound(params: Record<string, string>, signature = twilioSignature(AUTH_TOKEN, URL, params)) {
  return t.app.inject({
    method: 'POST',
    url: '/api/reminders/twilio/inbound/',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: new URLSearchParams(params).toString(),
  });
}
const message = (from: string, body: string, messageSid = sid()) => ({
  From: from,
  To: '+15005550006',
  Body: body,
  MessageSid: messageSid,
});

/** A family account: verified (a password or verification link used) unless told, with its own phone or none. */
async function familyAccount(db: Db, opts: { verified?: boolean; phone?: string } = {}) {
  const tag = randomUUID().slice(0, 8);
  const [account] = await db
    .insert(users)
    .values({
      username: `family_${tag}`,
      email: `family-${tag}@example.com`,
      role: 'student',
      phone: opts.phone ?? '',
      emailVerifiedAt: opts.verified === false ? null : new Date(),
    })
    .returning();
  return account!;
}

/** A booking with `email` and `phone`: unpaid (a hold) or paid, linked to `account` or a guest's. */
async function booking(
  db: Db,
  opts: { email: string; phone: string; paid: boolean; linkedTo: string | null; guardianPhone?: string },
) {
  const tutor = await createTutor(db);
  const { reservation } = await createHeldReservation(db, {
    tutorId: tutor.id,
    firstStart: new Date(Date.UTC(2031, 5, 2, 13)),
    count: 1,
    email: opts.email,
  });
  await db
    .update(reservations)
    .set({
      status: opts.paid ? 'confirmed' : 'pending_payment',
      familyUserId: opts.linkedTo,
      phone: opts.phone,
      guardianPhone: opts.guardianPhone ?? '',
    })
    .where(eq(reservations.id, reservation.id));
  return reservation;
}

async function remindersEnabled(userId: string) {
  const [row] = await t.app.db.select({ on: users.remindersEnabled }).from(users).where(eq(users.id, userId));
  return row!.on;
}

describe(`STOP reaches only the accounts whose phone it is (${testEngine})`, () => {
  it("the issue's attack: a hold with a family's e-mail and one's own phone, then STOP, changes nothing", async () => {
    const family = await familyAccount(t.app.db);
    const attacker = newPhone();
    // A hold with a verified family's e-mail is linked to its account at once (holds.service), still unpaid.
    await booking(t.app.db, { email: family.email, phone: attacker.typed, paid: false, linkedTo: family.id });
    const res = await inbound(message(attacker.e164, 'STOP'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/xml/);
    // The same empty answer as for any message that is no instruction: nothing revealed.
    expect(res.body).toBe(EMPTY);
    expect(await remindersEnabled(family.id)).toBe(true);
  });

  it('nor does a paid guest booking matched only by e-mail (not linked), or a guardian phone of an unpaid hold', async () => {
    const guest = await familyAccount(t.app.db, { verified: false });
    const attacker = newPhone();
    await booking(t.app.db, { email: guest.email, phone: attacker.typed, paid: true, linkedTo: null });
    const family = await familyAccount(t.app.db);
    const other = newPhone();
    await booking(t.app.db, {
      email: family.email,
      phone: '0911 000 000',
      guardianPhone: other.typed,
      paid: false,
      linkedTo: family.id,
    });
    expect((await inbound(message(attacker.e164, 'STOP'))).body).toBe(EMPTY);
    expect((await inbound(message(`whatsapp:${other.e164}`, 'STOP'))).body).toBe(EMPTY);
    expect(await remindersEnabled(guest.id)).toBe(true);
    expect(await remindersEnabled(family.id)).toBe(true);
  });

  it("the account's own phone (e-mail verified) and a paid, linked booking's phones do stop and start reminders", async () => {
    const own = newPhone();
    const family = await familyAccount(t.app.db, { phone: own.typed });
    const stop = await inbound(message(own.e164, 'STOP'));
    expect(stop.body).toContain('<Message>Tibeb: lesson reminders are off.');
    expect(await remindersEnabled(family.id)).toBe(false);
    expect((await inbound(message(`whatsapp:${own.e164}`, 'start'))).body).toContain('on again');
    expect(await remindersEnabled(family.id)).toBe(true);

    const booked = newPhone();
    const guardian = newPhone();
    await booking(t.app.db, {
      email: family.email,
      phone: booked.typed,
      guardianPhone: guardian.typed,
      paid: true,
      linkedTo: family.id,
    });
    expect((await inbound(message(guardian.e164, 'Stop.'))).body).toContain('reminders are off');
    expect(await remindersEnabled(family.id)).toBe(false);
    expect((await inbound(message(booked.e164, 'START'))).body).toContain('on again');
    expect(await remindersEnabled(family.id)).toBe(true);
  });

  it("an unverified account's own phone is not trusted (anyone can type a phone at sign-up)", async () => {
    const own = newPhone();
    const account = await familyAccount(t.app.db, { verified: false, phone: own.typed });
    expect((await inbound(message(own.e164, 'STOP'))).body).toBe(EMPTY);
    expect(await remindersEnabled(account.id)).toBe(true);
  });
});

describe(`each Twilio message is processed once (${testEngine})`, () => {
  it('a replayed signed STOP changes nothing, and the message id is recorded', async () => {
    const own = newPhone();
    const family = await familyAccount(t.app.db, { phone: own.typed });
    const stop = message(own.e164, 'STOP');
    expect((await inbound(stop)).body).toContain('reminders are off');
    expect((await inbound(message(own.e164, 'START'))).body).toContain('on again');
    expect(await remindersEnabled(family.id)).toBe(true);

    // The captured STOP, sent again with its valid signature: answered, and nothing changes.
    const replay = await inbound(stop);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(EMPTY);
    expect(await remindersEnabled(family.id)).toBe(true);
    const events = await queryRows<{ provider: string; type: string }>(
      t.app.db,
      sql`select provider, type from webhook_events where event_id = ${stop.MessageSid}`,
    );
    expect(events).toEqual([{ provider: 'twilio', type: 'inbound_stop' }]);
  });

  it('a replay racing the original changes the reminders once', async () => {
    const own = newPhone();
    const family = await familyAccount(t.app.db, { phone: own.typed });
    const stop = message(own.e164, 'STOP');
    const answers = await Promise.all([inbound(stop), inbound(stop), inbound(stop)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.includes('reminders are off'))).toHaveLength(1);
    expect(await remindersEnabled(family.id)).toBe(false);
  });

  it('a message without a valid message id, or with a signature not from our Auth Token, changes nothing', async () => {
    const own = newPhone();
    const family = await familyAccount(t.app.db, { phone: own.typed });
    const { MessageSid: _, ...noSid } = message(own.e164, 'STOP');
    expect((await inbound(noSid)).body).toBe(EMPTY);
    expect((await inbound(message(own.e164, 'STOP', 'SM-not-an-id'))).body).toBe(EMPTY);
    const signed = message(own.e164, 'STOP');
    // Signed with another key, signed for other values, and not signed at all.
    expect((await inbound(signed, twilioSignature('another-token', URL, signed))).statusCode).toBe(403);
    expect(
      (await inbound({ ...signed, From: '+251911111111' }, twilioSignature(AUTH_TOKEN, URL, signed)))
        .statusCode,
    ).toBe(403);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/reminders/twilio/inbound/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(signed).toString(),
    });
    expect(unsigned.statusCode).toBe(403);
    expect(await remindersEnabled(family.id)).toBe(true);
    // The same message, signed properly, is still processed (the refusals recorded nothing).
    expect((await inbound(signed)).body).toContain('reminders are off');
  });
});
