import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A file only some people may read (issue 30): a message's attachment or a homework's file. Stored under a key
 * that is never served as it is (DATA_DIR/private, or the bucket's private prefix); read through the API after
 * the access check of what it belongs to.
 */
export const privateFiles = pgTable(
  'private_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    uploaderUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    storageKey: text().notNull().unique(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('private_files_uploader_idx').on(t.uploaderUserId, t.createdAt)],
);

/** A conversation between a tutor's account and a family's account. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    tutorUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('conversations_pair_key').on(t.tutorUserId, t.familyUserId),
    // A family's conversations (the pair key serves the tutor's side) (decision 241).
    index('conversations_family_idx').on(t.familyUserId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    // One attachment (an image or a PDF), readable by the conversation's two sides and admins only.
    attachmentFileId: uuid().references(() => privateFiles.id, { onDelete: 'set null' }),
    readAt: timestamp({ withTimezone: true }),
    // When an e-mail notice of this message went to an away reader (at most one per unread stretch).
    noticeSentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.createdAt)],
);

/**
 * A report of one message, or of a whole conversation (messageId null), by one of its two sides (issue 31). The
 * admins' queue lists the conversations with an open report; resolving one records who did and what was decided.
 */
export const messageReports = pgTable(
  'message_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    messageId: uuid().references(() => messages.id, { onDelete: 'cascade' }),
    reporterUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    resolution: text().notNull().default(''),
  },
  (t) => [
    index('message_reports_open_idx').on(t.resolvedAt, t.createdAt),
    index('message_reports_conversation_idx').on(t.conversationId),
  ],
);

/**
 * Outgoing e-mail, written in the transaction that decides to send it and delivered by a job (SMTP, or
 * files under DATA_DIR/outbox/ without it), so every instance of a fleet shares one queue.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull().default(''),
    attempts: integer().notNull().default(0),
    lastError: text().notNull().default(''),
    sendAfter: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_pending_idx').on(t.sentAt, t.sendAfter),
    // The admin outbox list, newest first (decision 241).
    index('mail_outbox_created_idx').on(t.createdAt, t.id),
  ],
);
