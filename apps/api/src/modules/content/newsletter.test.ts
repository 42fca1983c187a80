import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteMessages } from '@tibeb/domain/site/messages';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { defaultRecipientCap } from '../../platform/mail/recipient-cap.ts';

describe('newsletter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let n = 0;
  /** The one-click POST a mail client makes (RFC 8058). */
  const oneClick = {
    method: 'POST' as const,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  };
  const subscribe = (email: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/newsletter/',
      payload: { email },
      remoteAddress: `10.3.0.${(n += 1)}`,
    });
  const unsubscribeLink = async (email: string) => {
    const mails = await t.app.mailer.readOutbox(email);
    // The .eml body is quoted-printable: undo soft line breaks and the encoded '='.
    const body = (mails.at(-1) ?? '').replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    const match = /(http:\/\/\S+\/api\/newsletter\/unsubscribe\/\?token=[^\s>]+)/.exec(body);
    expect(match, 'an unsubscribe link in the e-mail').not.toBeNull();
    return new URL(match![1]!);
  };

  it('counts the welcome against the recipient cap shared by every visitor-triggered e-mail', async () => {
    const email = `capped-${randomUUID()}@example.com`;
    // Sign-ups with the address spend its hour's budget (issue 29 item 5).
    for (let i = 0; i < defaultRecipientCap.perHour; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/register/',
        payload: { username: `n${randomUUID().slice(0, 8)}`, email, password: 'capped-pass-1' },
        remoteAddress: `10.202.0.${i}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const res = await subscribe(email);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'subscribed', detail: siteMessages.newsletterSubscribed });
    const mails = await t.app.mailer.readOutbox(email);
    expect(mails).toHaveLength(defaultRecipientCap.perHour);
    expect(mails.some((m) => m.includes('newsletter/unsubscribe'))).toBe(false);
  });

  it('subscribes with 201 and e-mails an unsubscribe link that works once', async () => {
    const email = `fan-${randomUUID()}@example.com`;
    const res = await subscribe(email);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'subscribed', detail: siteMessages.newsletterSubscribed });

    const link = await unsubscribeLink(email);
    const page = await t.app.inject({ ...oneClick, url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(siteMessages.newsletterUnsubscribed);

    const again = await t.app.inject({ ...oneClick, url: `${link.pathname}${link.search}` });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain(siteMessages.newsletterUnsubscribeInvalid);
  });

  it('answers 200 when the address is already subscribed, whatever its case, without another e-mail', async () => {
    const email = `twice-${randomUUID()}@example.com`;
    expect((await subscribe(email)).statusCode).toBe(201);
    const second = await subscribe(email.toUpperCase());
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      status: 'already_subscribed',
      detail: siteMessages.newsletterAlreadySubscribed,
    });
    expect(await t.app.mailer.readOutbox(email)).toHaveLength(1);
  });

  it('re-subscribes an address that unsubscribed, with a new link', async () => {
    const email = `back-${randomUUID()}@example.com`;
    await subscribe(email);
    const first = await unsubscribeLink(email);
    await t.app.inject({ ...oneClick, url: `${first.pathname}${first.search}` });
    const res = await subscribe(email);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('resubscribed');
    const second = await unsubscribeLink(email);
    expect(second.search).not.toBe(first.search);
    expect(
      (await t.app.inject({ method: 'GET', url: `${second.pathname}${second.search}` })).statusCode,
    ).toBe(200);
  });

  it('answers bad e-mails with 400 and a clear message', async () => {
    const empty = await subscribe('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.email).toEqual([siteMessages.newsletterEmailRequired]);
    const bad = await subscribe('hana@');
    expect(bad.json()).toEqual({
      detail: siteMessages.newsletterEmailInvalid,
      code: 'invalid_input',
      errors: { email: [siteMessages.newsletterEmailInvalid] },
      field_codes: { email: [{ code: 'email_invalid' }] },
    });
    expect((await subscribe(42)).statusCode).toBe(400);
  });

  it('answers an unknown or missing token with the invalid-link page, never a 500', async () => {
    for (const url of ['/api/newsletter/unsubscribe/', '/api/newsletter/unsubscribe/?token=nope']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject(method === 'GET' ? { method, url } : { ...oneClick, url });
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain(siteMessages.newsletterUnsubscribeInvalid);
      }
    }
  });
});
