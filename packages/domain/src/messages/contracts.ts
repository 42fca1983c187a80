import { z } from 'zod';
import { attachmentMessages, attachmentSchema } from './attachments.ts';
import { messageTexts } from './texts.ts';

/**
 * The one limit on a message (characters): a conversation message, a message to the office. The API refuses a body
 * longer than this as sent and as kept (cleaning only shortens), and the screens' text areas stop at it (decision 264).
 */
export const MESSAGE_MAX_LENGTH = 2000;

/**
 * Messages are plain text: control characters other than line breaks go, line breaks are normalised, runs of
 * blank lines shrink to one, and the ends are trimmed. Links stay text (the screens never make anchors).
 */
export function cleanMessageBody(raw: string): string {
  return (
    raw
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000B-\u001F\u007F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

const messageBody = z
  .string({ error: messageTexts.empty })
  .max(MESSAGE_MAX_LENGTH, { error: messageTexts.tooLong })
  .transform(cleanMessageBody)
  .pipe(z.string().max(MESSAGE_MAX_LENGTH, { error: messageTexts.tooLong }));

/**
 * A message: its text, and/or one file the sender uploaded first (POST /api/{area}/files/; decision 269). A message
 * with a file may have no text; one without needs text.
 */
export const sendMessageSchema = z
  .object({
    body: messageBody.default(''),
    attachment_id: z.uuid({ error: attachmentMessages.notFound }).nullish(),
  })
  .superRefine((m, ctx) => {
    if (!m.body && !m.attachment_id)
      ctx.addIssue({ code: 'custom', path: ['body'], message: messageTexts.empty });
  });
export type SendMessage = z.input<typeof sendMessageSchema>;

/** A family starts a conversation with a tutor it booked; a tutor with a family that booked them. */
export const startConversationSchema = z.union([
  z.object({ tutor_id: z.number().int().positive() }),
  z.object({ family_user_id: z.uuid() }),
]);
export type StartConversation = z.infer<typeof startConversationSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  with_name: z.string(),
  last_message: z.string(),
  last_message_at: z.string().nullable(),
  unread: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const messageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  mine: z.boolean(),
  sender_name: z.string(),
  body: z.string(),
  /** The file sent with it (an image or a PDF), read at /api/files/{id}/ by the conversation's two sides. */
  attachment: attachmentSchema.nullable().default(null),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  with_name: z.string(),
  messages: z.array(messageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const unreadSchema = z.object({ unread: z.number().int() });
export type Unread = z.infer<typeof unreadSchema>;

/** Whom a user may start a conversation with: the tutors a family booked, or the families who booked a tutor. */
export const contactSchema = z.object({
  tutor_id: z.number().int().nullable(),
  family_user_id: z.string().nullable(),
  name: z.string(),
  conversation_id: z.string().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

/**
 * What the live stream (server-sent events, event name `message` or `read`) carries. A message event names the
 * conversation and, when it fits one notification, the message itself (without `mine`: each reader works it out).
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message'),
    conversation_id: z.string(),
    message_id: z.string(),
    sender_user_id: z.string(),
    body: z.string().optional(),
    created_at: z.string(),
  }),
  z.object({ type: z.literal('read'), conversation_id: z.string(), reader_user_id: z.string() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** GET /api/{tutor|student}/messages/: the conversations, the latest first. */
export const conversationSummaryListSchema = z.array(conversationSummarySchema);
/** GET /api/{tutor|student}/messages/contacts/. */
export const contactListSchema = z.array(contactSchema);

/** POST /api/{tutor|student}/messages/: the conversation started (or found). */
export const conversationStartedSchema = z.object({ id: z.string() });
export type ConversationStarted = z.infer<typeof conversationStartedSchema>;
/** POST /api/{tutor|student}/messages/{id}/: the message sent (201). */
export const messageSentSchema = z.object({ id: z.string(), created_at: z.string() });
export type MessageSent = z.infer<typeof messageSentSchema>;
/** POST /api/{tutor|student}/messages/{id}/read/: how many messages were marked read. */
export const markReadResultSchema = z.object({ read: z.number().int() });
export type MarkReadResult = z.infer<typeof markReadResultSchema>;
