import type {
  Contact,
  Conversation,
  ConversationSummary,
  StartConversation,
} from '@tibeb/domain/messages/contracts';
import { messageTexts } from '@tibeb/domain/messages/texts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { forbidden, notFound } from '../../platform/http/app-error.ts';
import type { Job } from '../../platform/jobs/runner.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { MessagesLive } from './messages-live.service.ts';
import { messageNoticeEmail } from './messages.emails.ts';
import * as repo from './messages.repository.ts';
import { messageAttachment } from './attachments.service.ts';
import { takeUnusedUpload } from '../../platform/storage/private-files.repository.ts';

export type Area = 'tutor' | 'student';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** A conversation the user takes part in: 404 when there is none, 403 when it is someone else's. */
async function ownConversation(db: DbOrTx, userId: string, conversationId: string) {
  const c = await repo.conversationOf(db, conversationId);
  if (!c) throw notFound(messageTexts.notFound);
  if (c.tutor_user_id !== userId && c.family_user_id !== userId) throw forbidden(messageTexts.notYours);
  return c;
}

export async function assertActiveAccount(db: DbOrTx, userId: string) {
  if (!(await repo.isActiveAccount(db, userId))) throw notFound(messageTexts.noAccount);
}

export async function list(db: DbOrTx, userId: string): Promise<ConversationSummary[]> {
  return (await repo.conversationsOf(db, userId)).map((r) => ({
    id: r.id,
    // A family sees the tutor's public name; a tutor sees the family account's name.
    with_name: r.tutor_name ?? r.with_name,
    last_message: r.last_message ?? '',
    last_message_at: isoOrNull(r.last_message_at),
    unread: r.unread,
  }));
}

export async function unread(db: DbOrTx, userId: string) {
  return { unread: await repo.unreadCount(db, userId) };
}

export async function contacts(db: DbOrTx, userId: string, area: Area): Promise<Contact[]> {
  return (await repo.contactsOf(db, userId, area)).map((r) => ({
    ...r,
    tutor_id: r.tutor_id === null ? null : Number(r.tutor_id),
  }));
}

export async function conversation(
  db: DbOrTx,
  userId: string,
  conversationId: string,
): Promise<Conversation> {
  await ownConversation(db, userId, conversationId);
  const [rows, withName] = await Promise.all([
    repo.messagesOf(db, conversationId, 200),
    repo.otherName(db, conversationId, userId),
  ]);
  return {
    id: conversationId,
    with_name: withName,
    messages: rows.map((m) => ({
      id: m.id,
      conversation_id: m.conversation_id,
      mine: m.sender_user_id === userId,
      sender_name: m.sender_name,
      body: m.body,
      attachment: messageAttachment(m),
      created_at: iso(m.created_at),
      read_at: isoOrNull(m.read_at),
    })),
  };
}

export async function send(
  db: Db,
  live: MessagesLive,
  userId: string,
  conversationId: string,
  body: string,
  attachmentId: string | null = null,
) {
  const c = await ownConversation(db, userId, conversationId);
  // A file goes with the message only if its sender uploaded it and nothing uses it yet (decision 269).
  const row = await db.transaction(async (tx) => {
    if (attachmentId) await takeUnusedUpload(tx, attachmentId, userId);
    return repo.insertMessage(tx, conversationId, userId, body, attachmentId);
  });
  const createdAt = iso(row.created_at);
  await live.publish([c.tutor_user_id, c.family_user_id], {
    type: 'message',
    conversation_id: conversationId,
    message_id: row.id,
    sender_user_id: userId,
    body,
    created_at: createdAt,
  });
  return { id: row.id, created_at: createdAt };
}

export async function markRead(db: Db, live: MessagesLive, userId: string, conversationId: string) {
  const c = await ownConversation(db, userId, conversationId);
  const changed = await repo.markRead(db, conversationId, userId);
  // Both sides hear it: the writer's ticks, and the reader's other tabs' unread counts.
  if (changed > 0) {
    await live.publish([c.tutor_user_id, c.family_user_id], {
      type: 'read',
      conversation_id: conversationId,
      reader_user_id: userId,
    });
  }
  return { read: changed };
}

/** Opens (or finds) the conversation of a family and a tutor it booked. */
export async function start(db: Db, userId: string, area: Area, input: StartConversation) {
  if (area === 'student') {
    if (!('tutor_id' in input)) throw forbidden(messageTexts.notBooked);
    const tutor = await repo.tutorUserOf(db, input.tutor_id);
    if (!tutor?.user_id || !(await repo.hasBooked(db, userId, input.tutor_id))) {
      throw forbidden(messageTexts.notBooked);
    }
    return { id: await repo.ensureConversation(db, tutor.user_id, userId) };
  }
  if (!('family_user_id' in input)) throw forbidden(messageTexts.notYourFamily);
  const tutor = await repo.tutorByUser(db, userId);
  if (
    !tutor ||
    !(await repo.isFamilyAccount(db, input.family_user_id)) ||
    !(await repo.hasBooked(db, input.family_user_id, Number(tutor.id)))
  ) {
    throw forbidden(messageTexts.notYourFamily);
  }
  return { id: await repo.ensureConversation(db, userId, input.family_user_id) };
}

/** A reader is "away" when a message stays unread this long; then one e-mail notice per unread stretch. */
export const NOTICE_AFTER_MS = 10 * 60_000;

/** Sends the due e-mail notices (in the transaction that marks them sent); answers how many went out. */
export async function sendDueNotices(db: Db, mailer: Mailer, publicUrl: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const due = await repo.dueNotices(tx, new Date(now.getTime() - NOTICE_AFTER_MS), 50);
    for (const n of due) {
      const area = n.reader_role === 'tutor' ? 'tutor' : 'student';
      const excerpt = n.body.length > 300 ? `${n.body.slice(0, 300)}…` : n.body;
      await mailer.send(
        messageNoticeEmail({
          to: n.reader_email,
          locale: n.reader_locale,
          from: n.sender_name,
          excerpt,
          link: `${publicUrl}/${area}/messages`,
        }),
        { tx },
      );
      await repo.markNoticeSent(tx, n.message_id);
    }
    return due.length;
  });
}

/** `sendDueNotices` every minute, on the app's job runner (`app.jobs`: off in tests, which call it themselves). */
export function messageNoticeJob(db: Db, mailer: Mailer, publicUrl: string): Job<number> {
  return {
    name: 'message-notices',
    intervalMs: 60_000,
    run: () => sendDueNotices(db, mailer, publicUrl),
    report: (sent, log) => {
      if (sent > 0) log.info({ sent }, 'message notices: sent');
    },
  };
}
