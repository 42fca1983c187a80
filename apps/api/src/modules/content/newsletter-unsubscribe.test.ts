import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteMessages } from '@tibeb/domain/site/messages';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** Issue 31 item 9, decision 256: List-Unsubscribe with one-click POST (RFC 8058); a GET only asks. */
describe('newsletter unsubscribe: one-click POST, a confirm page for GETs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let n = 0;
  const subscribe = async () => {
    const email = `one-click-${randomUUID()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/',
      payload: { email },
      remoteAddress: `10.31.9.${(n += 1)}`,
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await t.app.mailer.readOutboxRaw(email);
    return mail!;
  };
  /** The List-Unsubscribe header's address (headers are folded over lines in the .eml). */
  const headerLink = (mail: string) => {
    const head = mail.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const match = /^List-Unsubscribe: <([^>]+)>$/im.exec(head);
    expect(match, 'a List-Unsubscribe header').not.toBeNull();
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    const url = new URL(match![1]!);
    return `${url.pathname}${url.search}`;
  };

  it('puts List-Unsubscribe and List-Unsubscribe-Post on the newsletter e-mail, with an HTML part', async () => {
    const mail = await subscribe();
    const link = headerLink(mail);
    expect(link).toMatch(/^\/api\/newsletter\/unsubscribe\/\?token=/);
    expect(mail).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail).toMatch(/Content-Type: text\/plain/i);
    expect(mail).toMatch(/Content-Type: text\/html/i);
  });

  it('a GET (a mail scanner following the link) only shows a confirm page with a button that POSTs', async () => {
    const link = headerLink(await subscribe());
    for (let i = 0; i < 2; i += 1) {
      const page = await t.app.inject({ method: 'GET', url: link });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Unsubscribe from the newsletter?');
      expect(page.body).toMatch(/<form method="post" action="\?token=[^"]+">/);
      expect(page.body).toContain('<button type="submit">');
      expect(page.body).not.toContain(siteMessages.newsletterUnsubscribed);
    }
    // Still subscribed: the POST is what unsubscribes.
    const post = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain(siteMessages.newsletterUnsubscribed);
    const after = await t.app.inject({ method: 'GET', url: link });
    expect(after.statusCode).toBe(404);
    expect(after.body).toContain(siteMessages.newsletterUnsubscribeInvalid);
  });

  it('the one-click POST of a mail client unsubscribes once; a second answers the invalid-link page', async () => {
    const link = headerLink(await subscribe());
    const first = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(second.statusCode).toBe(404);
  });

  it('a bad body never 500s', async () => {
    const link = headerLink(await subscribe());
    const res = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `x=${'a'.repeat(10_000)}`,
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});
