import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { toLocale, type Locale } from '@tibeb/domain/shared/locale';
import type { TelegramStatus, TelegramUpdate } from '@tibeb/domain/messaging/telegram';
import type { TelegramConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Mail } from '../../platform/mail/mailer.ts';
import * as repo from './telegram.repository.ts';
import { telegramSender, type TelegramSender } from './telegram.provider.ts';

export type TelegramDeps = {
  db: Db;
  telegram: TelegramConfig | undefined;
  /** The Bot API client; made when the first message goes out. */
  send?: TelegramSender;
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

const replies: Record<Locale, { linked: string; stopped: string; howTo: string }> = {
  en: {
    linked:
      'Connected. Lesson reminders, cancellations and moves of your bookings will come here. Send /stop to end them.',
    stopped: 'Telegram messages are off. You can connect again from your family settings.',
    howTo: 'To connect this chat, open the Telegram link in your family settings on the website.',
  },
  am: {
    linked: 'ተገናኝቷል። የትምህርት ማስታወሻዎች፣ የማስያዣዎ ስረዛዎችና የሰዓት ለውጦች እዚህ ይመጣሉ። ለማቆም /stop ይላኩ።',
    stopped: 'የቴሌግራም መልዕክቶች ጠፍተዋል። ከቤተሰብ ቅንብሮችዎ እንደገና ማገናኘት ይችላሉ።',
    howTo: 'ይህን ውይይት ለማገናኘት በድረ-ገጹ ላይ ባሉ የቤተሰብ ቅንብሮችዎ ውስጥ ያለውን የቴሌግራም ሊንክ ይክፈቱ።',
  },
};

const sender = (deps: TelegramDeps) => deps.send ?? telegramSender(deps.telegram!);

/**
 * The family's Telegram (issue 30 item 6, decision 268): whether the platform has a bot, whether this account is
 * linked, and the bot's start link with a one-time code (made now, kept until a chat uses it).
 */
export async function telegramStatus(deps: TelegramDeps, userId: string): Promise<TelegramStatus> {
  if (!deps.telegram) return { available: false, linked: false, start_link: null };
  const row = await repo.telegramOf(deps.db, userId);
  let code = row?.code ?? null;
  if (!code) {
    code = randomBytes(24).toString('base64url');
    await repo.setLinkCode(deps.db, userId, code);
  }
  return {
    available: true,
    linked: Boolean(row?.chatId),
    start_link: `https://t.me/${deps.telegram.botUsername}?start=${code}`,
  };
}

export async function unlinkTelegram(deps: TelegramDeps, userId: string): Promise<TelegramStatus> {
  await repo.unlinkUser(deps.db, userId);
  return telegramStatus(deps, userId);
}

async function reply(deps: TelegramDeps, chatId: string, text: string) {
  try {
    await sender(deps)(chatId, text);
  } catch (err) {
    deps.log?.warn({ err }, 'telegram reply not sent');
  }
}

/**
 * One update from the bot's webhook: `/start <code>` in a private chat links the chat to the family account whose
 * code it is (once: the code is then cleared), `/stop` unlinks it; anything else is told how to connect. The
 * answer to Telegram is always 200, whatever the update says.
 */
export async function handleUpdate(deps: TelegramDeps, update: TelegramUpdate): Promise<void> {
  const message = update.message;
  if (!message || message.chat.type !== 'private') return;
  const chatId = String(message.chat.id);
  const text = (message.text ?? '').trim();
  const guess = toLocale(message.from?.language_code?.startsWith('am') ? 'am' : 'en');
  const start = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{16,64})$/.exec(text);
  if (start) {
    const owner = await repo.linkChat(deps.db, start[1]!, chatId);
    await reply(deps, chatId, owner ? replies[toLocale(owner.locale)].linked : replies[guess].howTo);
    return;
  }
  if (/^\/stop(?:@\w+)?$/.test(text)) {
    const owner = await repo.unlinkChat(deps.db, chatId);
    await reply(deps, chatId, replies[owner ? toLocale(owner.locale) : guess].stopped);
    return;
  }
  await reply(deps, chatId, replies[guess].howTo);
}

/**
 * A Telegram copy of the mails to families who linked a chat (a cancellation, a move, a refund), after the mails
 * went: their subject and text, in the language the mail was written in. A failure is logged, never the
 * request's.
 */
export async function telegramCopies(deps: TelegramDeps, mails: readonly Mail[]): Promise<void> {
  if (!deps.telegram || mails.length === 0) return;
  const chats = await repo.chatsByEmail(
    deps.db,
    mails.map((m) => m.to),
  );
  for (const mail of mails) {
    const chatId = chats.get(mail.to.toLowerCase());
    if (!chatId) continue;
    try {
      await sender(deps)(chatId, `${mail.subject}\n\n${mail.text}`);
    } catch (err) {
      deps.log?.warn({ err, subject: mail.subject }, 'telegram copy not sent');
    }
  }
}
