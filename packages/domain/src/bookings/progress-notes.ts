import { z } from 'zod';
import { codedMessages } from '../shared/error-codes.ts';
import { PROGRESS_NOTE_MAX } from './lifecycle.ts';

/**
 * Correcting a progress note (issue 31 item 6, decision 261): the tutor who wrote it may edit or withdraw it for
 * 7 days; the family then reads only the current text ("edited"), or nothing once it is withdrawn. Each change is
 * in the audit log with the text it replaced.
 */

/** How long after writing a note its tutor may still edit or withdraw it. */
export const PROGRESS_NOTE_EDIT_DAYS = 7;
const DAY_MS = 86_400_000;

/** The last instant a note written at `createdAt` may be changed. */
export const noteEditableUntil = (createdAt: Date | string): Date =>
  new Date(new Date(createdAt).getTime() + PROGRESS_NOTE_EDIT_DAYS * DAY_MS);

/** Whether a note written at `createdAt` may still be edited or withdrawn at `now`. */
export const isNoteEditable = (createdAt: Date | string, now: Date = new Date()): boolean =>
  now.getTime() <= noteEditableUntil(createdAt).getTime();

export const progressNoteMessages = {
  noteNotFound: 'This lesson has no progress note to change.',
  notYourNote: 'Only the tutor who wrote this note can change it.',
  editWindowClosed: (days: number) =>
    `A progress note can be corrected or withdrawn for ${days} days after it was written; this one is older.`,
  noteRequired: 'Please write the note, or withdraw it instead.',
} as const;

/** Their codes (shared/error-codes.ts): `note_not_found`, `not_your_note`, `edit_window_closed`, … */
export const progressNoteMessageCodes = codedMessages(progressNoteMessages, {
  codes: { noteRequired: 'progress_note_required' },
  params: { editWindowClosed: ['days'] },
});

/** PATCH /api/bookings/sessions/{id}/progress-note/: the corrected text. */
export const progressNoteBodySchema = z.object({
  note: z
    .string({ error: progressNoteMessages.noteRequired })
    .trim()
    .min(1, progressNoteMessages.noteRequired)
    .max(PROGRESS_NOTE_MAX, `At most ${PROGRESS_NOTE_MAX} characters.`),
});
export type ProgressNoteBody = z.input<typeof progressNoteBodySchema>;

/** A lesson's current progress note as its tutor sees it, with until when it may still be changed. */
export const progressNoteSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  note: z.string(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  editable_until: z.string(),
  editable: z.boolean(),
});
export type ProgressNote = z.infer<typeof progressNoteSchema>;
