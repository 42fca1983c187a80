import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema/users.ts';

/** The family account's Telegram link: its chat (null: not linked) and its pending one-time code. */
export async function telegramOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ chatId: users.telegramChatId, code: users.telegramLinkCode, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function setLinkCode(db: DbOrTx, userId: string, code: string) {
  await db.update(users).set({ telegramLinkCode: code }).where(eq(users.id, userId));
}

/**
 * Uses a one-time code: the family account holding it gets the chat (any other account that had this chat loses
 * it: one chat, one family), and the code is cleared. Answers the account, or null for an unknown code.
 */
export async function linkChat(db: DbOrTx, code: string, chatId: string) {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: users.id, locale: users.locale })
      .from(users)
      .where(and(eq(users.telegramLinkCode, code), eq(users.role, 'student'), eq(users.isActive, true)))
      .for('update');
    if (!owner) return null;
    await tx.update(users).set({ telegramChatId: null }).where(eq(users.telegramChatId, chatId));
    await tx
      .update(users)
      .set({ telegramChatId: chatId, telegramLinkCode: null })
      .where(eq(users.id, owner.id));
    return owner;
  });
}

/** Unlinks by the chat (a /stop from Telegram); answers the account's language, or null when none had it. */
export async function unlinkChat(db: DbOrTx, chatId: string) {
  const rows = await db
    .update(users)
    .set({ telegramChatId: null })
    .where(eq(users.telegramChatId, chatId))
    .returning({ locale: users.locale });
  return rows[0] ?? null;
}

export async function unlinkUser(db: DbOrTx, userId: string) {
  await db.update(users).set({ telegramChatId: null, telegramLinkCode: null }).where(eq(users.id, userId));
}

/** The linked chats of family accounts by their e-mail addresses (lower case): for a copy of their mails. */
export async function chatsByEmail(db: DbOrTx, emails: string[]) {
  if (emails.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ email: users.email, chatId: users.telegramChatId })
    .from(users)
    .where(
      and(
        inArray(
          sql`lower(${users.email})`,
          emails.map((e) => e.toLowerCase()),
        ),
        isNotNull(users.telegramChatId),
        eq(users.role, 'student'),
        eq(users.isActive, true),
      ),
    );
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.chatId!]));
}
