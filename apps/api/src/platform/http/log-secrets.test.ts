import net from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import type { AppInstance } from './app-instance.ts';
import { createUser } from '../../modules/accounts/accounts.test-helpers.ts';
import {
  createHeldReservation,
  createTutor,
  futureMonday,
} from '../../modules/bookings/payments/test/fixtures.ts';
import { users } from '../db/schema/index.ts';
import type { Mail } from '../mail/mailer.ts';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/harness.ts';
import { loggableUrl, redactSecrets } from './loggable-error.ts';

/** An SMTP server that refuses every recipient, quoting the address as real servers do. */
function refusingSmtp() {
  const server = net.createServer((socket) => {
    socket.write('220 test ESMTP\r\n');
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let eol: number;
      while ((eol = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'RCPT') socket.write(`550 5.1.1 ${line.slice(8)}: Recipient address rejected\r\n`);
        else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Issue 29 item 3: nothing secret in the log. Each failure path is forced on the real app with its logger writing
 * into `lines`; then no line may carry the recipient, the subject, the body, the token or the link.
 */
describe('logs without secrets', () => {
  let database: TestDatabase;
  let app: AppInstance;
  let smtp: ReturnType<typeof refusingSmtp>;
  const lines: string[] = [];
  /** Every message the app tried to queue (the secrets the log must not show). */
  const attempted: Mail[] = [];

  beforeAll(async () => {
    smtp = refusingSmtp();
    const port = await smtp.listen();
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig({ logLevel: 'info', smtpUrl: `smtp://127.0.0.1:${port}` }),
      database,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    // A route that fails with a query carrying values (a unique e-mail, a name), as a bug would.
    app.get('/api/test-probe/failing-query/', async () => {
      const email = `probe-${randomUUID()}@example.test`;
      await app.db
        .insert(users)
        .values({ username: `probe_${randomUUID().slice(0, 8)}`, email, role: 'student' });
      await app.db.insert(users).values({ username: 'Probe Person', email, role: 'student' });
      return {};
    });
    await app.ready();
    const send = app.mailer.send.bind(app.mailer);
    vi.spyOn(app.mailer, 'send').mockImplementation((mail, options) => {
      attempted.push(mail);
      return send(mail, options);
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await smtp.close();
  });

  const failEveryEnqueue = () =>
    app.db.execute(sql`alter table mail_outbox add constraint test_no_mail check (false) not valid`);
  const allowEnqueue = () => app.db.execute(sql`alter table mail_outbox drop constraint test_no_mail`);

  /** The secrets of every message tried so far: address, local part, subject, body lines, links, tokens. */
  function secretsOf(mails: Mail[]): string[] {
    return mails.flatMap((mail) => {
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      const tokens = links.flatMap((l) =>
        [...l.matchAll(/[?&]token=([^&\s]+)/g)].map((m) => decodeURIComponent(m[1]!)),
      );
      const bodyLines = mail.text.split('\n').filter((l) => l.trim().length > 25);
      return [mail.to, mail.to.split('@')[0]!, mail.subject, ...links, ...tokens, ...bodyLines];
    });
  }

  function expectNoSecrets(secrets: string[]) {
    const log = lines.join('');
    for (const secret of secrets)
      expect(log, `the log shows ${JSON.stringify(secret)}`).not.toContain(secret);
  }

  it('a failed queueing in a password reset and a newsletter sign-up logs no address, subject, body or link', async () => {
    const user = await createUser(app, 'student');
    const newsletterEmail = `reader-${randomUUID()}@example.test`;
    await failEveryEnqueue();
    try {
      const reset = await app.inject({
        method: 'POST',
        url: '/api/accounts/password-reset/',
        payload: { email: user.email },
      });
      expect(reset.statusCode).toBe(500);
      const subscribe = await app.inject({
        method: 'POST',
        url: '/api/newsletter/',
        payload: { email: newsletterEmail },
        remoteAddress: '10.29.3.1',
      });
      expect(subscribe.statusCode).toBeLessThan(300);
    } finally {
      await allowEnqueue();
    }
    const tried = attempted.filter((m) => m.to === user.email || m.to === newsletterEmail);
    expect(tried.map((m) => m.to).sort()).toEqual([user.email, newsletterEmail].sort());
    expect(tried.some((m) => /reset-password\?token=/.test(m.text))).toBe(true);
    // The failures were logged (the log is not simply empty), with the query's statement but not its values.
    expect(lines.some((l) => l.includes('newsletter welcome e-mail failed'))).toBe(true);
    expect(lines.some((l) => l.includes('unhandled error') && l.includes('mail_outbox'))).toBe(true);
    expectNoSecrets([...secretsOf(tried), user.email!]);
  });

  it('a failed queueing of the set-password e-mail after a payment logs no address, subject or link', async () => {
    const tutor = await createTutor(app.db, { withEmail: true });
    const { reservation } = await createHeldReservation(app.db, {
      tutorId: tutor.id,
      firstStart: futureMonday(2),
    });
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session/',
      payload: {
        full_name: reservation.fullName,
        email: reservation.email,
        amount: reservation.amountCents / 100,
        reservation_id: reservation.id,
      },
    });
    expect(checkout.statusCode).toBe(200);
    const paymentId = (checkout.json() as { checkout_url: string }).checkout_url.match(
      /checkout\/([0-9a-f-]{36})\/$/,
    )![1]!;
    await failEveryEnqueue();
    try {
      const pay = await app.inject({
        method: 'POST',
        url: `/api/payments/demo/checkout/${paymentId}/pay/`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(pay.statusCode).toBe(303);
    } finally {
      await allowEnqueue();
    }
    const tried = attempted.filter((m) => m.to === reservation.email);
    expect(tried.some((m) => /reset-password\?token=/.test(m.text))).toBe(true);
    expect(lines.some((l) => l.includes('e-mail failed'))).toBe(true);
    expectNoSecrets([...secretsOf(tried), reservation.fullName]);
  });

  it('an SMTP refusal quoting the recipient is logged and kept without it', async () => {
    const to = `refused-${randomUUID()}@example.test`;
    const link = `http://localhost:3000/verify-email?token=${randomBytes(32).toString('base64url')}`;
    await app.mailer.send({
      to,
      subject: 'Confirm your e-mail address',
      text: `Please open ${link} to confirm.`,
    });
    expect(await app.mailer.deliverDue(app.log)).toMatchObject({ failed: 1 });
    expect(lines.some((l) => l.includes('e-mail delivery failed'))).toBe(true);
    const listed = await app.mailer.list({ state: 'failing', limit: 10, offset: 0 });
    const row = listed.rows.find((r) => r.to === to)!;
    expect(row.lastError).toMatch(/^EENVELOPE 550: /);
    expect(row.lastError).not.toContain(to);
    expectNoSecrets([to, to.split('@')[0]!, 'Confirm your e-mail address', link, link.split('token=')[1]!]);
  });

  it('a failed query is logged with its statement, not its values, in the message, the cause or the stack', async () => {
    const before = lines.length;
    const res = await app.inject({ method: 'GET', url: '/api/test-probe/failing-query/' });
    expect(res.statusCode).toBe(500);
    const logged = lines.slice(before).join('');
    expect(logged).toContain('23505');
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).not.toContain('@example.test');
    expect(logged).not.toContain('Probe Person');
  });

  it('a request to a token address is logged without the token', async () => {
    const token = randomBytes(32).toString('base64url');
    const hex = randomBytes(24).toString('hex');
    const before = lines.length;
    for (const url of [
      `/api/calendar/${token}.ics`,
      `/api/newsletter/unsubscribe/?token=${token}`,
      `/api/reminders/opt-out/?token=${hex}`,
      `/reset-password?token=${token}`,
      `/api/accounts/verify-email/?token=${token}&email=someone%40example.test`,
    ]) {
      await app.inject({ method: 'GET', url });
    }
    const logged = lines.slice(before);
    expect(logged.filter((l) => l.includes('request completed')).length).toBeGreaterThanOrEqual(4);
    expectNoSecrets([token, hex, 'someone@example.test', 'someone%40example.test']);
    expect(logged.join('')).toContain('/api/calendar/[token].ics');
  });
});

describe('redaction rules', () => {
  it('redacts addresses, link queries, JWTs and random tokens, and keeps ids, slugs and constants', () => {
    const token = 'Qx7vL2m9Zr0aBcDeFgHiJkLmNoPqRsTuVwXyZ012345';
    expect(
      redactSecrets(`550 <ab.c+d@mail.example.et> unknown; see https://x.test/a?token=${token}&b=1`),
    ).toBe('550 <[address]> unknown; see https://x.test/a?[redacted]');
    expect(redactSecrets(`Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc_DEF-123 and ${token}`)).toBe(
      'Bearer [token] and [token]',
    );
    const id = '0f8e0a52-3c1d-4e8b-9a57-2b1c3d4e5f60';
    expect(
      redactSecrets(`reservation ${id} FST_ERR_CTP_INVALID_MEDIA_TYPE how-to-prepare-for-exams-2026`),
    ).toBe(`reservation ${id} FST_ERR_CTP_INVALID_MEDIA_TYPE how-to-prepare-for-exams-2026`);
    expect(loggableUrl(`/api/calendar/${token}.ics`)).toBe('/api/calendar/[token].ics');
    expect(loggableUrl(`/api/blog/posts/how-to-prepare-for-exams-2026/`)).toBe(
      '/api/blog/posts/how-to-prepare-for-exams-2026/',
    );
    expect(loggableUrl(`/api/admin/outbox/${id}/resend/?token=${token}&page=2`)).toBe(
      `/api/admin/outbox/${id}/resend/?token=…&page=…`,
    );
  });
});
