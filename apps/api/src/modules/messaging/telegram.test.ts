import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelegramConfig } from '../../platform/config.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  createTutorWithAccount,
  createUser,
  linkFamily,
  mondayAhead,
  paidBooking,
  setSessionStart,
} from '../bookings/lifecycle/test/fixtures.ts';
import { reminderDeps, sendSessionReminders } from './session-reminder.job.ts';
import { telegramStatus } from './telegram.service.ts';

const HOUR = 3_600_000;
const SECRET = 'telegram-webhook-secret-1234';
const TOKEN = '123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQ';

/** A loopback Bot API: records each sendMessage and answers as Telegram does. */
class FakeBotApi {
  readonly sent: { path: string; chat_id: string; text: string }[] = [];
  private server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const json = JSON.parse(body || '{}') as { chat_id: string; text: string };
      this.sent.push({ path: req.url ?? '', chat_id: String(json.chat_id), text: json.text });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, result: { message_id: this.sent.length } }));
    });
  });
  url = '';
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }
  stop = () => new Promise<void>((resolve) => this.server.close(() => resolve()));
  to = (chat: string) => this.sent.filter((m) => m.chat_id === chat).map((m) => m.text);
}

/** Issue 30 item 6, decision 268: a family links Telegram; reminders and booking changes reach it there. */
describe('Telegram for families', () => {
  let t: TestApp;
  let bot: FakeBotApi;
  let telegram: TelegramConfig;

  beforeAll(async () => {
    bot = await new FakeBotApi().start();
    telegram = { botToken: TOKEN, botUsername: 'TibebLessonsBot', webhookSecret: SECRET, apiUrl: bot.url };
    t = await createTestApp({ telegram });
  });
  afterAll(async () => {
    await t.close();
    await bot.stop();
  });

  const webhook = (text: string, chatId: number, secret: string | null = SECRET) =>
    t.app.inject({
      method: 'POST',
      url: '/api/telegram/webhook/',
      headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
      payload: { update_id: 1, message: { message_id: 1, text, chat: { id: chatId, type: 'private' } } },
    });
  const status = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/student/telegram/', headers });
  const codeOf = (link: string) => new URL(link).searchParams.get('start')!;

  it('links a chat once through the start link, unlinks with /stop; only the bot may call the webhook', async () => {
    const family = await createUser(t.app.db, t.config.jwtSecret, 'student');
    const first = (await status(family.headers)).json();
    expect(first).toMatchObject({ available: true, linked: false });
    expect(first.start_link).toMatch(/^https:\/\/t\.me\/TibebLessonsBot\?start=[A-Za-z0-9_-]{32}$/);
    const code = codeOf(first.start_link);

    expect((await webhook(`/start ${code}`, 501, null)).statusCode).toBe(401);
    expect((await webhook(`/start ${code}`, 501, 'wrong-secret-wrong-secret')).statusCode).toBe(401);
    expect(bot.to('501')).toEqual([]);

    const linked = await webhook(`/start ${code}`, 501);
    expect(linked.statusCode).toBe(200);
    expect(bot.to('501')[0]).toContain('Connected.');
    const now = (await status(family.headers)).json();
    expect(now.linked).toBe(true);
    // The code was used: it links no other chat, and the next link has a new one.
    expect(codeOf(now.start_link)).not.toBe(code);
    await webhook(`/start ${code}`, 777);
    expect(bot.to('777')[0]).toContain('To connect this chat');

    await webhook('/stop', 501);
    expect(bot.to('501').at(-1)).toContain('Telegram messages are off.');
    expect((await status(family.headers)).json().linked).toBe(false);
  });

  it('is for families only, and absent without a bot', async () => {
    const tutor = await createUser(t.app.db, t.config.jwtSecret, 'tutor');
    expect((await status(tutor.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/student/telegram/' })).statusCode).toBe(401);
    expect(await telegramStatus({ db: t.app.db, telegram: undefined }, randomUUID())).toEqual({
      available: false,
      linked: false,
      start_link: null,
    });
  });

  it('sends the linked family its lesson reminder and its cancellation by Telegram', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const family = await createUser(t.app.db, t.config.jwtSecret, 'student');
    const summary = await paidBooking(t.app, {
      tutorId: tutor.id,
      familyEmail: family.email,
      date: mondayAhead(5),
    });
    await linkFamily(t.app.db, summary.id, family.id);
    await webhook(`/start ${codeOf((await status(family.headers)).json().start_link)}`, 9001);

    const [first, second] = summary.sessions;
    const start = new Date(Math.ceil((Date.now() + HOUR - 30_000) / 60_000) * 60_000 + 30 * 24 * HOUR);
    await setSessionStart(t.app.db, first!.id, start);
    const pass = await sendSessionReminders(reminderDeps(t.app), new Date(start.getTime() - HOUR + 30_000));
    expect(pass.sent.telegram).toBe(1);
    expect(bot.to('9001').at(-1)).toMatch(/in 1 hour|starts/i);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${second!.id}/cancel/`,
      payload: { outcome: 'credit', reason: 'Family trip' },
      headers: family.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(bot.to('9001').some((text) => text.includes('Family trip'))).toBe(true);
  });
});
