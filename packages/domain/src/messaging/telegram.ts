import { z } from 'zod';

/** The family's Telegram (issue 30 item 6, decision 268): GET/DELETE /api/student/telegram/. */
export const telegramStatusSchema = z.object({
  /** Whether the platform has a Telegram bot at all. */
  available: z.boolean(),
  /** Whether a chat is linked to this account. */
  linked: z.boolean(),
  /** The bot's start link with this account's one-time code (null without a bot). */
  start_link: z.string().nullable(),
});
export type TelegramStatus = z.infer<typeof telegramStatusSchema>;

/** What the webhook reads of a Telegram update (everything else is ignored). */
export const telegramUpdateSchema = z
  .object({
    update_id: z.number().int(),
    message: z
      .object({
        text: z.string().max(4096).optional(),
        chat: z.object({ id: z.number().int(), type: z.string().max(20) }).passthrough(),
        from: z
          .object({ language_code: z.string().max(35).optional() })
          .passthrough()
          .optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();
export type TelegramUpdate = z.infer<typeof telegramUpdateSchema>;
