import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { openDatabase, queryRows } from '../../platform/db/client.ts';
import { createTestApp, testEngine, type TestApp } from '../../test/harness.ts';
import { account, booking, tutorAccount, type Account } from '../areas/test/fixtures.repository.ts';
import { MESSAGE_MAX_LENGTH } from '@tibeb/domain/messages/contracts';
import { MAX_SENDS_PER_MINUTE, MAX_STREAMS_PER_USER } from './messages.routes.ts';
import { sendDueNotices, NOTICE_AFTER_MS } from './messages.service.ts';

type Tutor = Account & { tutorId: number };

/** Opens the live stream of `auth`'s user on a listening app and collects its events. */
async function openStream(base: string, area: 'tutor' | 'student', auth: { authorization: string }) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/${area}/messages/stream/`, {
    headers: auth,
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events: { event: string; data: Record<string, unknown> }[] = [];
  const waiters: (() => void)[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
          waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      // aborted
    }
  })();
  const next = async (predicate: (e: (typeof events)[number]) => boolean, ms = 5000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = events.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such event; got ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return { events, next, close: () => controller.abort() };
}

describe('messages between a tutor and a family', () => {
  let t: TestApp;
  let base: string;
  let tutor: Tutor;
  let family: Account;
  let stranger: Account;
  let otherTutor: Tutor;
  let conversationId: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const secret = t.config.jwtSecret;
    tutor = await tutorAccount(t.app.db, secret, 'Abebe Bekele');
    otherTutor = await tutorAccount(t.app.db, secret, 'Other Tutor');
    family = await account(t.app.db, secret, 'student', 'Almaz Kebede');
    stranger = await account(t.app.db, secret, 'student', 'Not Booked');
    await booking(t.app.db, tutor.tutorId, family, [new Date(Date.now() + 86_400_000)]);
  });
  afterAll(() => t.close());

  const inject = (
    method: 'GET' | 'POST',
    url: string,
    auth: { authorization: string },
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload }) });

  it('a family starts a conversation only with a tutor it booked', async () => {
    const refused = await inject('POST', '/api/student/messages/', stranger.auth, {
      tutor_id: tutor.tutorId,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('You can message a tutor once you have booked them.');
    const contacts = (await inject('GET', '/api/student/messages/contacts/', family.auth)).json();
    expect(contacts).toEqual([
      { tutor_id: tutor.tutorId, family_user_id: null, name: 'Abebe Bekele', conversation_id: null },
    ]);
    const started = await inject('POST', '/api/student/messages/', family.auth, { tutor_id: tutor.tutorId });
    expect(started.statusCode).toBe(200);
    conversationId = started.json().id;
    const again = await inject('POST', '/api/student/messages/', family.auth, { tutor_id: tutor.tutorId });
    expect(again.json().id).toBe(conversationId);
    // The tutor reaches the same conversation from their side.
    const fromTutor = await inject('POST', '/api/tutor/messages/', tutor.auth, { family_user_id: family.id });
    expect(fromTutor.json().id).toBe(conversationId);
    const notMine = await inject('POST', '/api/tutor/messages/', otherTutor.auth, {
      family_user_id: family.id,
    });
    expect(notMine.statusCode).toBe(403);
  });

  it('sends cleaned text, counts unread, marks read; outsiders get 403', async () => {
    const sent = await inject('POST', `/api/student/messages/${conversationId}/`, family.auth, {
      body: '  Hello!\r\n\r\n\r\nSee <b>https://example.com</b>  ',
    });
    expect(sent.statusCode).toBe(201);
    expect((await inject('GET', '/api/tutor/messages/unread/', tutor.auth)).json()).toEqual({ unread: 1 });
    const list = (await inject('GET', '/api/tutor/messages/', tutor.auth)).json();
    expect(list).toEqual([
      expect.objectContaining({ id: conversationId, with_name: 'Almaz Kebede', unread: 1 }),
    ]);
    const thread = (await inject('GET', `/api/tutor/messages/${conversationId}/`, tutor.auth)).json();
    expect(thread.with_name).toBe('Almaz Kebede');
    expect(thread.messages).toEqual([
      expect.objectContaining({
        mine: false,
        body: 'Hello!\n\nSee <b>https://example.com</b>',
        read_at: null,
      }),
    ]);
    expect((await inject('POST', `/api/tutor/messages/${conversationId}/read/`, tutor.auth)).json()).toEqual({
      read: 1,
    });
    expect((await inject('GET', '/api/tutor/messages/unread/', tutor.auth)).json()).toEqual({ unread: 0 });
    // The family sees the tutor's public name.
    const familyList = (await inject('GET', '/api/student/messages/', family.auth)).json();
    expect(familyList[0].with_name).toBe('Abebe Bekele');

    for (const [method, url, who] of [
      ['GET', `/api/tutor/messages/${conversationId}/`, otherTutor.auth],
      ['POST', `/api/tutor/messages/${conversationId}/read/`, otherTutor.auth],
      ['GET', `/api/student/messages/${conversationId}/`, stranger.auth],
    ] as const) {
      expect((await inject(method, url, who)).statusCode).toBe(403);
    }
    const intrude = await inject('POST', `/api/tutor/messages/${conversationId}/`, otherTutor.auth, {
      body: 'hi',
    });
    expect(intrude.statusCode).toBe(403);
    expect((await inject('GET', '/api/tutor/messages/', otherTutor.auth)).json()).toEqual([]);
    const missing = await inject(
      'GET',
      '/api/tutor/messages/00000000-0000-4000-8000-000000000000/',
      tutor.auth,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('refuses empty and over-long messages with the field message', async () => {
    const empty = await inject('POST', `/api/student/messages/${conversationId}/`, family.auth, {
      body: ' \n ',
    });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Please write a message.');
    const long = await inject('POST', `/api/student/messages/${conversationId}/`, family.auth, {
      body: 'x'.repeat(2001),
    });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('A message can be at most 2000 characters.');
  });

  it('has one limit: exactly MESSAGE_MAX_LENGTH characters is sent, one more (even blanks) is refused', async () => {
    const longest = await inject('POST', `/api/student/messages/${conversationId}/`, family.auth, {
      body: 'y'.repeat(MESSAGE_MAX_LENGTH),
    });
    expect(longest.statusCode).toBe(201);
    const thread = (await inject('GET', `/api/tutor/messages/${conversationId}/`, tutor.auth)).json();
    expect(thread.messages.at(-1).body).toHaveLength(MESSAGE_MAX_LENGTH);
    const padded = await inject('POST', `/api/student/messages/${conversationId}/`, family.auth, {
      body: `${'y'.repeat(MESSAGE_MAX_LENGTH)} `,
    });
    expect(padded.statusCode).toBe(400);
    expect(JSON.stringify(padded.json())).toContain('A message can be at most 2000 characters.');
  });

  it('delivers a message live to the other side’s open stream, and to the writer’s other tab', async () => {
    const tutorStream = await openStream(base, 'tutor', tutor.auth);
    const familyTab = await openStream(base, 'student', family.auth);
    const strangerStream = await openStream(base, 'student', stranger.auth);
    try {
      await inject('POST', `/api/student/messages/${conversationId}/`, family.auth, { body: 'Live one' });
      const got = await tutorStream.next((e) => e.event === 'message' && e.data.body === 'Live one');
      expect(got.data).toMatchObject({ conversation_id: conversationId, sender_user_id: family.id });
      await familyTab.next((e) => e.event === 'message' && e.data.body === 'Live one');
      await inject('POST', `/api/tutor/messages/${conversationId}/read/`, tutor.auth);
      await familyTab.next((e) => e.event === 'read' && e.data.reader_user_id === tutor.id);
      expect(strangerStream.events).toEqual([]);
    } finally {
      tutorStream.close();
      familyTab.close();
      strangerStream.close();
    }
  });

  it('limits open streams per account and messages per minute (429)', async () => {
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++)
      streams.push(await openStream(base, 'student', stranger.auth));
    try {
      const res = await fetch(`${base}/api/student/messages/stream/`, { headers: stranger.auth });
      expect(res.status).toBe(429);
      expect(((await res.json()) as { detail: string }).detail).toContain('Too many open message windows');
    } finally {
      streams.forEach((s) => s.close());
    }
    const tutorC = await tutorAccount(t.app.db, t.config.jwtSecret, 'Chatty Tutor');
    await booking(t.app.db, tutorC.tutorId, family, [new Date(Date.now() + 3 * 86_400_000)]);
    const { id } = (
      await inject('POST', '/api/tutor/messages/', tutorC.auth, { family_user_id: family.id })
    ).json();
    const codes: number[] = [];
    for (let i = 0; i <= MAX_SENDS_PER_MINUTE; i++) {
      codes.push(
        (await inject('POST', `/api/tutor/messages/${id}/`, tutorC.auth, { body: `n${i}` })).statusCode,
      );
    }
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_SENDS_PER_MINUTE);
    expect(codes.at(-1)).toBe(429);
    // Another account is not held back by this one.
    expect(
      (await inject('POST', `/api/student/messages/${id}/`, family.auth, { body: 'fine' })).statusCode,
    ).toBe(201);
  });

  it(`delivers live across two app instances (${testEngine === 'postgres' ? 'LISTEN/NOTIFY' : 'one embedded process'})`, async () => {
    // On PostgreSQL a second instance on the same database; the embedded database has one process only.
    let second: AppInstance = t.app;
    let closeSecond = async () => {};
    if (testEngine === 'postgres') {
      const database = await openDatabase({ engine: 'postgres', url: t.database.url! });
      second = await buildApp({ config: t.config, database });
      await second.listen({ port: 0, host: '127.0.0.1' });
      closeSecond = async () => {
        await second.close();
        await database.close();
      };
    }
    try {
      const addr = second.server.address();
      const secondBase = typeof addr === 'object' && addr ? `http://127.0.0.1:${addr.port}` : base;
      const tutorStream = await openStream(secondBase, 'tutor', tutor.auth);
      try {
        // Give the new instance's LISTEN connection a moment to be up.
        await new Promise((r) => setTimeout(r, 200));
        await inject('POST', `/api/student/messages/${conversationId}/`, family.auth, {
          body: 'Across instances',
        });
        const got = await tutorStream.next(
          (e) => e.event === 'message' && e.data.body === 'Across instances',
        );
        expect(got.data.conversation_id).toBe(conversationId);
      } finally {
        tutorStream.close();
      }
    } finally {
      await closeSecond();
    }
  });

  it('e-mails an away reader once per unread stretch, after the message stays unread', async () => {
    const tutorB = await tutorAccount(t.app.db, t.config.jwtSecret, 'Selam Girma');
    await booking(t.app.db, tutorB.tutorId, family, [new Date(Date.now() + 2 * 86_400_000)]);
    const { id } = (
      await inject('POST', '/api/student/messages/', family.auth, { tutor_id: tutorB.tutorId })
    ).json();
    await inject('POST', `/api/student/messages/${id}/`, family.auth, { body: 'Are you free on Friday?' });
    await inject('POST', `/api/student/messages/${id}/`, family.auth, { body: 'Or Saturday?' });
    const sent = () =>
      queryRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from mail_outbox where "to" = ${tutorB.email}`,
      ).then((r) => r[0]!.n);
    // Not yet away: nothing goes out.
    expect(await sendDueNotices(t.app.db, t.app.mailer, t.config.publicUrl)).toBe(0);
    const later = new Date(Date.now() + NOTICE_AFTER_MS + 1000);
    // (The earlier conversation's unread message goes out too: its tutor is away as well.)
    expect(await sendDueNotices(t.app.db, t.app.mailer, t.config.publicUrl, later)).toBeGreaterThanOrEqual(1);
    expect(await sendDueNotices(t.app.db, t.app.mailer, t.config.publicUrl, later)).toBe(0);
    expect(await sent()).toBe(1);
    const [mail] = await queryRows<{ subject: string; text: string }>(
      t.app.db,
      sql`select subject, text from mail_outbox where "to" = ${tutorB.email}`,
    );
    expect(mail!.subject).toBe('New message from Almaz Kebede');
    expect(mail!.text).toContain('Or Saturday?');
    expect(mail!.text).toContain(`${t.config.publicUrl}/tutor/messages`);
    // Read, then a new message: a new stretch, a new notice.
    await inject('POST', `/api/tutor/messages/${id}/read/`, tutorB.auth);
    await inject('POST', `/api/student/messages/${id}/`, family.auth, { body: 'Hello again' });
    const evenLater = new Date(Date.now() + NOTICE_AFTER_MS + 2000);
    expect(await sendDueNotices(t.app.db, t.app.mailer, t.config.publicUrl, evenLater)).toBe(1);
    expect(await sent()).toBe(2);
    // Outside tests the app's job runner makes these passes every minute.
    expect(t.app.jobs.stats()).toHaveProperty('message-notices');
  });
});
