import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../db/schema/messaging.ts';
import { createTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { startMailOutboxJob } from './outbox.job.ts';
import { MAIL_MIN_ATTEMPTS, Mailer, retryDelayMs } from './mailer.ts';

const log = { info: vi.fn(), error: vi.fn() } as unknown as Parameters<typeof startMailOutboxJob>[1];
const from = 'Tibeb Tutoring <hello@tibeb.example>';

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'tibeb-mailer-'));
}

function filesIn(dir: string): string[] {
  const outbox = path.join(dir, 'outbox');
  return fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
}

/** A minimal SMTP server that accepts every message and keeps its data (or refuses every recipient). */
function smtpServer(opts: { refuseRecipients?: boolean } = {}) {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let data = false;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (data) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'RCPT' && opts.refuseRecipients) {
          // As real servers do: the answer quotes the address.
          socket.write(`550 5.1.1 ${line.slice(8)}: Recipient address rejected: User unknown\r\n`);
        } else if (verb === 'DATA') {
          data = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return {
    received,
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('mailer: one queue for every instance', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const rowsFor = (to: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  it('queues the message in the database and writes the .eml only when the queue is delivered', async () => {
    const dir = tempDir();
    const mailer = new Mailer({ dataDir: dir, smtpUrl: undefined, mailFrom: from }, database.db);
    const to = `queued-${randomUUID()}@example.test`;
    await mailer.send({ to, subject: 'Hello', text: 'First line' });

    expect(filesIn(dir)).toEqual([]);
    const [queued] = await rowsFor(to);
    expect(queued).toMatchObject({ subject: 'Hello', text: 'First line', sentAt: null, attempts: 0 });

    expect(await mailer.deliverDue()).toEqual({ sent: 1, failed: 0 });
    const files = filesIn(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toContain(queued!.id);
    const eml = fs.readFileSync(path.join(dir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain(`To: ${to}`);
    expect(eml).toContain('Subject: Hello');
    expect(eml).toContain(`Message-ID: <${queued!.id}@tibeb.example>`);
    const [sent] = await rowsFor(to);
    expect(sent!.sentAt).toBeInstanceOf(Date);
    expect(sent!.attempts).toBe(1);
    // Nothing is delivered twice.
    expect(await mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(filesIn(dir)).toHaveLength(1);
  });

  it("joins the caller's transaction: a rolled-back request sends nothing, a committed one sends", async () => {
    const dir = tempDir();
    const mailer = new Mailer({ dataDir: dir, smtpUrl: undefined, mailFrom: from }, database.db);
    const to = `tx-${randomUUID()}@example.test`;
    await expect(
      database.db.transaction(async (tx) => {
        await mailer.send({ to, subject: 'Rolled back', text: 'never' }, { tx });
        throw new Error('the request failed');
      }),
    ).rejects.toThrow('the request failed');
    // Five in one transaction: queued within the same millisecond on PGlite, they still keep their order.
    const subjects = ['one', 'two', 'three', 'four', 'five'].map((n) => `Committed ${n}`);
    await database.db.transaction(async (tx) => {
      for (const subject of subjects) await mailer.send({ to, subject, text: subject }, { tx });
    });

    const mails = await mailer.readOutbox(to);
    // Oldest first.
    expect(mails.map((m) => /^Subject: (.*)$/m.exec(m)?.[1])).toEqual(subjects);
    expect((await rowsFor(to)).map((r) => r.subject).sort()).toEqual([...subjects].sort());
  });

  it('two instances delivering at once send each message exactly once', async () => {
    const dirs = [tempDir(), tempDir()];
    const mailers = dirs.map(
      (dir) => new Mailer({ dataDir: dir, smtpUrl: undefined, mailFrom: from }, database.db),
    );
    const to = `fleet-${randomUUID()}@example.test`;
    for (let i = 0; i < 30; i++) await mailers[i % 2]!.send({ to, subject: `n${i}`, text: `message ${i}` });

    await Promise.all([...mailers.map((m) => m.drain()), ...mailers.map((m) => m.drain())]);

    const files = dirs.flatMap((dir) => filesIn(dir));
    expect(files).toHaveLength(30);
    expect(new Set(files.map((f) => f.split('-').slice(1, 6).join('-'))).size).toBe(30);
    const rows = await rowsFor(to);
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it('sends through SMTP when SMTP_URL is set, and writes no file', async () => {
    const smtp = smtpServer();
    const port = await smtp.listen();
    const dir = tempDir();
    const mailer = new Mailer(
      { dataDir: dir, smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: from },
      database.db,
    );
    const to = `smtp-${randomUUID()}@example.test`;
    try {
      await mailer.send({
        to,
        subject: 'Over the wire',
        text: 'Delivered by SMTP',
        html: '<p>Delivered</p>',
      });
      expect(await mailer.deliverDue()).toEqual({ sent: 1, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain('Subject: Over the wire');
      expect(smtp.received[0]).toContain('Delivered by SMTP');
      expect(filesIn(dir)).toEqual([]);
      expect((await rowsFor(to))[0]!.sentAt).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });

  it('retries a failed delivery later, with a growing delay capped at an hour', async () => {
    // Nothing listens on port 9: every SMTP attempt fails.
    const mailer = new Mailer(
      { dataDir: tempDir(), smtpUrl: 'smtp://127.0.0.1:9', mailFrom: from },
      database.db,
    );
    const to = `retry-${randomUUID()}@example.test`;
    await mailer.send({ to, subject: 'Unlucky', text: 'try again' });

    expect(await mailer.deliverDue(log)).toEqual({ sent: 0, failed: 1 });
    const [first] = await rowsFor(to);
    expect(first).toMatchObject({ attempts: 1, sentAt: null });
    expect(first!.lastError).toBe('ESOCKET: connect ECONNREFUSED 127.0.0.1:9');
    const waitMs = first!.sendAfter.getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(20_000);
    expect(waitMs).toBeLessThan(40_000);
    // Not due yet: an immediate pass leaves it alone.
    expect(await mailer.deliverDue(log)).toEqual({ sent: 0, failed: 0 });
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(4)).toBe(240_000);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });

  /** Makes every unsent message to `to` due now, as if its wait had passed. */
  const makeDue = (to: string) =>
    database.db
      .update(mailOutbox)
      .set({ sendAfter: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.to, to));
  const queuedAgo = (to: string, interval: string) =>
    database.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - ${interval}::interval` })
      .where(eq(mailOutbox.to, to));

  it('keeps retrying through a two-day SMTP outage, and sends the message when SMTP is back', async () => {
    const down = new Mailer(
      { dataDir: tempDir(), smtpUrl: 'smtp://127.0.0.1:9', mailFrom: from },
      database.db,
    );
    const to = `outage-${randomUUID()}@example.test`;
    await down.send({ to, subject: 'Your receipt', text: 'Paid in full' });
    // Two days of hourly failures: 8 quick tries, then one an hour.
    for (let attempt = 1; attempt <= 48; attempt++) {
      if (attempt === 30) await queuedAgo(to, '2 days');
      await makeDue(to);
      expect(await down.deliverDue(log), `attempt ${attempt}`).toEqual({ sent: 0, failed: 1 });
    }
    const [failing] = await rowsFor(to);
    expect(failing).toMatchObject({ attempts: 48, sentAt: null });
    // Still waiting for its next try, an hour away (the cap), not dropped.
    const waitMs = failing!.sendAfter.getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(3_500_000);
    expect(waitMs).toBeLessThanOrEqual(3_600_000);
    expect((await down.list({ state: 'failing', limit: 100, offset: 0 })).rows.map((r) => r.to)).toContain(
      to,
    );

    const smtp = smtpServer();
    const port = await smtp.listen();
    try {
      const back = new Mailer(
        { dataDir: tempDir(), smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: from },
        database.db,
      );
      await makeDue(to);
      expect(await back.deliverDue(log)).toEqual({ sent: 1, failed: 0 });
      expect(smtp.received.some((m) => m.includes('Subject: Your receipt'))).toBe(true);
      const [sent] = await rowsFor(to);
      expect(sent!.sentAt).toBeInstanceOf(Date);
      expect(sent!.attempts).toBe(49);
    } finally {
      await smtp.close();
    }
  });

  it('gives up after three days and eight tries, keeps the message, and a resend tries it afresh', async () => {
    const down = new Mailer(
      { dataDir: tempDir(), smtpUrl: 'smtp://127.0.0.1:9', mailFrom: from },
      database.db,
    );
    const to = `given-up-${randomUUID()}@example.test`;
    const late = `late-${randomUUID()}@example.test`;
    await down.send({ to, subject: 'Lost?', text: 'not lost' });
    await down.send({ to: late, subject: 'Queued before a long stop', text: 'still tried' });
    // Queued three days ago; this server was down meanwhile: the message still gets its tries.
    await queuedAgo(to, '3 days 1 minute');
    await queuedAgo(late, '4 days');
    for (let attempt = 1; attempt <= MAIL_MIN_ATTEMPTS; attempt++) {
      await makeDue(to);
      expect(await down.deliverDue(log), `attempt ${attempt}`).toMatchObject({
        failed: attempt === 1 ? 2 : 1,
      });
    }
    const errorLog = vi.mocked(log.error);
    expect(errorLog.mock.calls.at(-1)![0]).toMatchObject({ givenUp: true, attempts: MAIL_MIN_ATTEMPTS });
    // Given up: no longer taken, not deleted, listed as given up, and no lag for the job.
    await makeDue(to);
    expect(await down.deliverDue(log)).toMatchObject({ failed: 0 });
    const [kept] = await rowsFor(to);
    expect(kept).toMatchObject({ attempts: MAIL_MIN_ATTEMPTS, sentAt: null });
    const givenUp = await down.list({ state: 'given_up', limit: 100, offset: 0 });
    expect(givenUp.rows.find((r) => r.to === to)).toMatchObject({ state: 'given_up', subject: 'Lost?' });
    expect((await down.list({ state: 'failing', limit: 100, offset: 0 })).rows.map((r) => r.to)).toContain(
      late,
    );

    // The admin resends it once SMTP is back: due now, attempts reset, sent.
    expect(await down.resend(kept!.id)).toEqual({ state: 'given_up', attempts: MAIL_MIN_ATTEMPTS });
    expect((await rowsFor(to))[0]).toMatchObject({ attempts: 0, sentAt: null });
    const smtp = smtpServer();
    const port = await smtp.listen();
    try {
      const back = new Mailer(
        { dataDir: tempDir(), smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: from },
        database.db,
      );
      await back.drain();
      expect((await rowsFor(to))[0]!.sentAt).toBeInstanceOf(Date);
      expect(await back.resend(kept!.id)).toBe('sent');
    } finally {
      await smtp.close();
    }
  });

  it("keeps neither the recipient nor the server's answer quoting it in last_error or the log", async () => {
    const smtp = smtpServer({ refuseRecipients: true });
    const port = await smtp.listen();
    const errors: unknown[] = [];
    const capture = { info: () => {}, error: (obj: object) => errors.push(obj) };
    try {
      const mailer = new Mailer(
        { dataDir: tempDir(), smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: from },
        database.db,
      );
      const to = `refused-${randomUUID()}@example.test`;
      const link = `http://localhost:3000/reset-password?token=${randomUUID()}Xy9`;
      await mailer.send({ to, subject: 'Reset your password', text: `Open ${link}` });
      expect(await mailer.deliverDue(capture)).toEqual({ sent: 0, failed: 1 });
      const [row] = await rowsFor(to);
      expect(row!.lastError).toMatch(/^EENVELOPE 550: /);
      expect(row!.lastError).toContain('[address]');
      const logged = JSON.stringify(errors) + row!.lastError;
      for (const secret of [to, to.split('@')[0]!, 'Reset your password', link])
        expect(logged).not.toContain(secret);
    } finally {
      await smtp.close();
    }
  });

  it('the job delivers a queued message within a second, without being asked', async () => {
    const dir = tempDir();
    const mailer = new Mailer({ dataDir: dir, smtpUrl: undefined, mailFrom: from }, database.db);
    const stop = startMailOutboxJob(mailer, log, 60_000);
    const to = `job-${randomUUID()}@example.test`;
    try {
      await mailer.send({ to, subject: 'Soon', text: 'on its way' });
      await vi.waitFor(() => expect(filesIn(dir).filter((f) => f.endsWith(`-${to}.eml`))).toHaveLength(1), {
        timeout: 1000,
        interval: 20,
      });
    } finally {
      await stop();
    }
  });
});
