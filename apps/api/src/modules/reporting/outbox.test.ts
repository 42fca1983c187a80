import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@tibeb/domain/admin/messages';
import { outboxListMessages } from '@tibeb/domain/admin/outbox';
import { auditLog } from '../../platform/db/schema/index.ts';
import { mailOutbox } from '../../platform/db/schema/messaging.ts';
import { MAIL_MIN_ATTEMPTS } from '../../platform/mail/mailer.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { adminAuth } from './reports.fixtures.ts';

/** Issue 29 item 4: admins see the outbox with each message's state, and resend what was not sent. */
describe('admin mail outbox', () => {
  let t: TestApp;
  let admin: { id: string; headers: { authorization: string } };
  const tag = randomUUID().slice(0, 8);
  const addr = (name: string) => `${name}-${tag}@example.test`;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAuth(t.database.db, t.config.jwtSecret);
    const db = t.database.db;
    const insert = async (
      name: string,
      values: { [K in keyof typeof mailOutbox.$inferInsert]?: unknown },
      minutesAgo: number,
    ) => {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to: addr(name),
          subject: `Subject ${name}`,
          text: `Body of ${name} http://localhost:3000/reset-password?token=secret${tag}`,
          createdAt: sql`now() - make_interval(mins => ${minutesAgo})`,
          ...values,
        } as typeof mailOutbox.$inferInsert)
        .returning({ id: mailOutbox.id });
      ids[name] = row!.id;
    };
    await insert('pending', {}, 1);
    await insert(
      'failing',
      {
        attempts: 3,
        lastError: `EENVELOPE 550: 5.1.1 <${addr('failing')}>: rejected, see http://x.test/?token=abc`,
        sendAfter: sql`now() + interval '4 minutes'`,
      },
      10,
    );
    await insert(
      'given-up',
      { attempts: MAIL_MIN_ATTEMPTS, lastError: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:25' },
      3 * 24 * 60 + 5,
    );
    await insert('sent', { attempts: 1, sentAt: sql`now() - interval '1 minute'` }, 2);
  });
  afterAll(() => t.close());

  const list = (query = '', headers = admin.headers) =>
    t.app.inject({ method: 'GET', url: `/api/admin/outbox/${query}`, headers });
  const resend = (id: string, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: `/api/admin/outbox/${id}/resend/`, headers });

  it('lists every message newest first with its state, attempts, a safe last error and its times', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const mine = body.results.filter((m: { recipient: string }) =>
      m.recipient.endsWith(`-${tag}@example.test`),
    );
    expect(mine.map((m: { subject: string }) => m.subject)).toEqual([
      'Subject pending',
      'Subject sent',
      'Subject failing',
      'Subject given-up',
    ]);
    const byState = Object.fromEntries(mine.map((m: { state: string }) => [m.state, m]));
    expect(byState.failing).toMatchObject({
      id: ids.failing,
      recipient: addr('failing'),
      attempts: 3,
      sent_at: null,
    });
    // The stored answer quoted the address and a link: the list shows neither.
    expect(byState.failing.last_error).toBe(
      'EENVELOPE 550: 5.1.1 <[address]>: rejected, see http://x.test/?[redacted]',
    );
    expect(new Date(byState.failing.next_try_at).getTime()).toBeGreaterThan(Date.now());
    expect(byState.given_up).toMatchObject({ attempts: MAIL_MIN_ATTEMPTS, next_try_at: null, sent_at: null });
    expect(byState.sent.sent_at).toEqual(expect.any(String));
    expect(byState.sent.next_try_at).toBeNull();
    expect(byState.pending).toMatchObject({ attempts: 0, last_error: '' });
    // No body, no link.
    expect(JSON.stringify(body)).not.toContain('reset-password');
    expect(body).toMatchObject({ page: 1, page_size: 25 });
  });

  it('filters by state and pages', async () => {
    for (const [state, name] of [
      ['pending', 'pending'],
      ['failing', 'failing'],
      ['given_up', 'given-up'],
      ['sent', 'sent'],
    ] as const) {
      const res = await list(`?state=${state}`);
      expect(res.statusCode).toBe(200);
      const results = res.json().results as { id: string; state: string }[];
      expect(
        results.every((m) => m.state === state),
        state,
      ).toBe(true);
      expect(results.map((m) => m.id)).toContain(ids[name]);
    }
    const page = await list('?page_size=1&page=2');
    expect(page.json()).toMatchObject({ page: 2, page_size: 1 });
    expect(page.json().results).toHaveLength(1);
    expect(page.json().count).toBeGreaterThanOrEqual(4);
    const bad = await list('?state=lost&page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.state).toEqual([outboxListMessages.state]);
  });

  it('is for admins only', async () => {
    expect((await list('', { authorization: '' })).statusCode).toBe(401);
    const tutor = await adminAuth(t.database.db, t.config.jwtSecret, 'tutor');
    expect((await list('', tutor.headers)).statusCode).toBe(403);
    expect((await resend(ids['given-up']!, tutor.headers)).statusCode).toBe(403);
    const staff = await adminAuth(t.database.db, t.config.jwtSecret, 'staff');
    expect((await list('', staff.headers)).statusCode).toBe(200);
  });

  it('resends a given-up message: due now, attempts reset, audited, then delivered', async () => {
    const res = await resend(ids['given-up']!);
    expect(res.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, ids['given-up']!));
    expect(row).toMatchObject({ attempts: 0, sentAt: null });
    expect(row!.sendAfter.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const pending = (await list('?state=pending')).json().results as { id: string }[];
    expect(pending.map((m) => m.id)).toContain(ids['given-up']);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, ids['given-up']!));
    expect(entry).toMatchObject({
      action: 'resend',
      entityType: 'mail',
      actorUserId: admin.id,
      before: { state: 'given_up', attempts: MAIL_MIN_ATTEMPTS },
    });
    const mail = await t.app.mailer.readOutbox(addr('given-up'));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain('Subject: Subject given-up');
  });

  it('resends a failing message now; a sent one answers 409, an unknown one 404', async () => {
    expect((await resend(ids.failing!)).statusCode).toBe(204);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, ids.failing!));
    expect(row).toMatchObject({ attempts: 0 });
    expect(row!.sendAfter.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const sent = await resend(ids.sent!);
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toMatchObject({
      detail: adminMessages.outboxMailAlreadySent,
      code: 'outbox_mail_already_sent',
    });
    const unknown = await resend(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(adminMessages.outboxMailNotFound);
    expect((await resend('not-an-id')).statusCode).toBe(404);
  });
});
