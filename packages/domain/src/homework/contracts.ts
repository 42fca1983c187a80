import { z } from 'zod';
import { attachmentSchema } from '../messages/attachments.ts';
import { codedMessages } from '../shared/error-codes.ts';

/**
 * Homework (issue 30 item 5, decision 270): the tutor of a paid lesson sets work on it (text, an optional file, a
 * due date not in the past), may change or delete it until the family marks it done (which the family may undo),
 * and writes a note on it; the family sees it on Progress and is e-mailed when it is set.
 */

export const HOMEWORK_TEXT_MAX = 4000;
export const HOMEWORK_NOTE_MAX = 2000;

export const homeworkMessages = {
  notFound: 'Homework not found.',
  sessionNotFound: 'Lesson not found.',
  notPaid: 'Homework can be set on a paid lesson only.',
  textRequired: 'Please write the homework.',
  textTooLong: 'Homework can be at most 4000 characters.',
  dueRequired: 'Please choose a due date.',
  dueInPast: 'The due date cannot be in the past.',
  alreadyDone: 'The family marked this homework done: it can no longer be changed.',
  noteTooLong: 'A note can be at most 2000 characters.',
} as const;

/** Their codes (shared/error-codes.ts): `homework_not_found`, `homework_due_in_past`, … */
export const homeworkMessageCodes = codedMessages(homeworkMessages, { prefix: 'homework_' });

/** Plain text: control characters other than line breaks go, line breaks are normalised, the ends trimmed. */
export const cleanHomeworkText = (raw: string) =>
  raw
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

const homeworkText = z
  .string({ error: homeworkMessages.textRequired })
  .max(HOMEWORK_TEXT_MAX, { error: homeworkMessages.textTooLong })
  .transform(cleanHomeworkText)
  .pipe(z.string().min(1, { error: homeworkMessages.textRequired }));

const dueOn = z
  .string({ error: homeworkMessages.dueRequired })
  .refine((s) => ISO_DATE.test(s) && isRealDate(s), { error: homeworkMessages.dueRequired });

/** POST /api/tutor/sessions/{id}/homework/ and PATCH /api/tutor/homework/{id}/. */
export const homeworkBodySchema = z.object({
  text: homeworkText,
  due_on: dueOn,
  /** An upload of the tutor's (POST /api/tutor/files/), or null for none. On PATCH, left out: unchanged. */
  attachment_id: z.uuid({ error: 'File not found.' }).nullable().optional(),
});
export type HomeworkBody = z.input<typeof homeworkBodySchema>;

/** PUT /api/tutor/homework/{id}/note/: the tutor's note on the work ('' removes it). */
export const homeworkNoteSchema = z.object({
  tutor_note: z
    .string()
    .max(HOMEWORK_NOTE_MAX, { error: homeworkMessages.noteTooLong })
    .transform(cleanHomeworkText),
});
export type HomeworkNoteBody = z.input<typeof homeworkNoteSchema>;

/** POST /api/student/homework/{id}/done/: done, or not done after all. */
export const homeworkDoneSchema = z.object({ done: z.boolean() });
export type HomeworkDoneBody = z.infer<typeof homeworkDoneSchema>;

export const homeworkSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  reservation_id: z.string(),
  session_starts_at: z.string(),
  student_name: z.string(),
  subject: z.string(),
  tutor_name: z.string(),
  text: z.string(),
  due_on: z.string(),
  attachment: attachmentSchema.nullable(),
  tutor_note: z.string(),
  done_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Homework = z.infer<typeof homeworkSchema>;
export const homeworkListSchema = z.array(homeworkSchema);

/** A due date is allowed when it is not before `today` (both YYYY-MM-DD, the tutor's calendar day). */
export const isDueDateAllowed = (due: string, today: string) => due >= today;

/** Text, due date and file change, and the homework is deleted, only while the family has not marked it done. */
export const isHomeworkEditable = (h: { done_at: string | Date | null }) => h.done_at === null;

/** Overdue: not done and its due date is before `today`. */
export const isOverdue = (h: { done_at: string | Date | null; due_on: string }, today: string) =>
  h.done_at === null && h.due_on < today;
