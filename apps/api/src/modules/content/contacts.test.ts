import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteMessages } from '@tibeb/domain/site/messages';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bearer, createUser, decodeMail, loginAs } from '../accounts/accounts.test-helpers.ts';
import { defaultRecipientCap } from '../../platform/mail/recipient-cap.ts';

describe('contact messages', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    auth = bearer((await loginAs(t.app, await createUser(t.app, 'admin'))).access);
  });
  afterAll(() => t.close());

  const send = (
    payload: unknown,
    remoteAddress = `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  ) => t.app.inject({ method: 'POST', url: '/api/contacts/', payload: payload as object, remoteAddress });

  it('stores a message with 201, acknowledges it by e-mail, and shows it to admins', async () => {
    const email = `parent-${randomUUID()}@example.com`;
    const res = await send({ name: '  Meron  ', email, message: 'Do you teach Tigrigna to 6-year-olds?' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), detail: siteMessages.contactSuccess });

    const mails = await t.app.mailer.readOutbox(email);
    expect(mails).toHaveLength(1);
    expect(decodeMail(mails[0]!)).toContain('We have received your message');

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/contacts/', headers: auth });
    const stored = list.json().find((m: { id: number }) => m.id === res.json().id);
    expect(stored).toMatchObject({ name: 'Meron', email, handled_at: null });

    const handled = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/contacts/${stored.id}/`,
      headers: auth,
      payload: { handled: true },
    });
    expect(handled.json().handled_at).toEqual(expect.any(String));
  });

  it('acknowledges with a fixed text, once per address per day: not a mail relay (issue 12 item 10)', async () => {
    const victim = `victim-${randomUUID()}@example.com`;
    const spam = 'WIN A PRIZE at https://evil.example/claim';
    for (let i = 0; i < 3; i += 1) {
      const email = i === 0 ? victim : victim.toUpperCase();
      const res = await send({ name: 'Visit https://evil.example now', email, message: spam });
      expect(res.statusCode).toBe(201);
    }
    const mails = (await t.app.mailer.readOutbox(victim)).map(decodeMail);
    expect(mails).toHaveLength(1);
    expect(mails[0]).not.toContain('evil.example');
    expect(mails[0]).not.toContain('PRIZE');
    expect(mails[0]).not.toMatch(/https?:\/\//);
    // All three messages reached the team.
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/contacts/', headers: auth });
    expect(list.json().filter((m: { message: string }) => m.message === spam)).toHaveLength(3);
  });

  it('answers missing or malformed fields with 400 and a message per field', async () => {
    const res = await send({ name: '', email: 'not-an-email', message: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: [siteMessages.contactNameRequired],
      email: [siteMessages.contactEmailInvalid],
      message: [siteMessages.contactMessageRequired],
    });
    for (const payload of [
      {},
      null,
      'text',
      { name: 1, email: [], message: {} },
      { name: 'a'.repeat(500), email: 'a@b.co', message: 'x' },
    ]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/contacts/',
        payload: payload as object,
        remoteAddress: '10.9.9.9',
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode).toBeLessThan(500);
    }
  });

  it('limits one address to 5 messages in 10 minutes, with a clear 429', async () => {
    const ip = '10.200.0.1';
    const ok = { name: 'Dawit', email: `d-${randomUUID()}@example.com`, message: 'Hello' };
    for (let i = 0; i < 5; i += 1) expect((await send(ok, ip)).statusCode).toBe(201);
    const limited = await send(ok, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: siteMessages.contactRateLimited, code: 'contact_rate_limited' });
    expect((await send(ok, '10.200.0.2')).statusCode).toBe(201);
  });

  it('counts the acknowledgement against the recipient cap shared by every visitor-triggered e-mail', async () => {
    const email = `capped-${randomUUID()}@example.com`;
    // Sign-ups with the address spend its hour's budget (issue 29 item 5).
    for (let i = 0; i < defaultRecipientCap.perHour; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/register/',
        payload: { username: `c${randomUUID().slice(0, 8)}`, email, password: 'capped-pass-1' },
        remoteAddress: `10.201.0.${i}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const res = await send({ name: 'Hana', email, message: 'Is Saturday possible?' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), detail: siteMessages.contactSuccess });
    const mails = (await t.app.mailer.readOutbox(email)).map(decodeMail);
    expect(mails).toHaveLength(defaultRecipientCap.perHour);
    expect(mails.some((m) => m.includes('We have received your message'))).toBe(false);
  });

  it('keeps the message list for admins', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/contacts/' })).statusCode).toBe(401);
  });
});
