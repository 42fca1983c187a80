import type { TelegramConfig } from '../../platform/config.ts';
import { MessageNotSent } from './twilio.provider.ts';

/** Telegram's limit for one message's text. */
export const TELEGRAM_TEXT_MAX = 4096;
const TIMEOUT_MS = 10_000;

/** Sends plain text to a chat through the Bot API (`sendMessage`); answers the message id. */
export type TelegramSender = (chatId: string, text: string) => Promise<string>;

/**
 * The Bot API over fetch (decision 268): no SDK. A refusal carries its status (429 and 5xx may be retried, as for
 * Twilio); a network failure or timeout has none.
 */
export function telegramSender(config: TelegramConfig): TelegramSender {
  return async (chatId, text) => {
    let res: Response;
    try {
      res = await fetch(`${config.apiUrl}/bot${config.botToken}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          chat_id: chatId,
          text: text.length > TELEGRAM_TEXT_MAX ? `${text.slice(0, TELEGRAM_TEXT_MAX - 1)}…` : text,
          link_preview_options: { is_disabled: true },
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new MessageNotSent(`Telegram not reached: ${(err as Error).message}`, undefined, undefined);
    }
    const body = (await res.json().catch(() => ({}))) as {
      ok?: boolean;
      description?: string;
      error_code?: number;
      result?: { message_id?: number };
    };
    if (!res.ok || !body.ok) {
      throw new MessageNotSent(
        `Telegram refused: ${body.description ?? res.status}`,
        res.status,
        body.error_code,
      );
    }
    return String(body.result?.message_id ?? '');
  };
}
