import {
  isNoteEditable,
  noteEditableUntil,
  PROGRESS_NOTE_EDIT_DAYS,
  progressNoteBodySchema,
  progressNoteMessages as msg,
  type ProgressNote,
  type ProgressNoteBody,
} from '@tibeb/domain/bookings/progress-notes';
import type { Db, Tx } from '../../../platform/db/client.ts';
import { conflict, forbidden, notFound } from '../../../platform/http/app-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { isAdmin, type Actor } from './lifecycle-deps.service.ts';
import * as repo from './progress-notes.repository.ts';

/**
 * A tutor corrects a lesson's progress note (issue 31 item 6, decision 261): edit or withdraw it for 7 days after
 * writing it, then it is refused. Only the tutor who wrote it (an administrator may read it); every change is in
 * the audit log with the text it replaced.
 */

const toAnswer = (n: repo.CurrentNote, now: Date): ProgressNote => ({
  id: n.id,
  session_id: n.sessionId ?? '',
  note: n.note,
  created_at: n.createdAt.toISOString(),
  edited_at: n.editedAt ? n.editedAt.toISOString() : null,
  editable_until: noteEditableUntil(n.createdAt).toISOString(),
  editable: isNoteEditable(n.createdAt, now),
});

const isAuthor = (actor: Actor, n: repo.CurrentNote) =>
  actor.role === 'tutor' && n.tutorUserId !== null && n.tutorUserId === actor.userId;

/** The lesson's current note, for its tutor (or an administrator). */
export async function currentNote(
  db: Db,
  actor: Actor,
  sessionId: string,
  now = new Date(),
): Promise<ProgressNote> {
  const n = await repo.currentNoteOfSession(db, sessionId);
  if (!n) throw notFound(msg.noteNotFound);
  if (!isAuthor(actor, n) && !isAdmin(actor)) throw forbidden(msg.notYourNote);
  return toAnswer(n, now);
}

/** Locks the lesson's current note for a change by its author, inside the 7 days. */
async function changeable(tx: Tx, actor: Actor, sessionId: string, now: Date) {
  const n = await repo.currentNoteOfSession(tx, sessionId, true);
  if (!n) throw notFound(msg.noteNotFound);
  if (!isAuthor(actor, n)) throw forbidden(msg.notYourNote);
  if (!isNoteEditable(n.createdAt, now)) throw conflict(msg.editWindowClosed(PROGRESS_NOTE_EDIT_DAYS));
  return n;
}

/** The corrected text: the family reads it, marked edited. */
export async function editNote(
  db: Db,
  actor: Actor,
  sessionId: string,
  body: ProgressNoteBody,
  now = new Date(),
): Promise<ProgressNote> {
  const input = progressNoteBodySchema.parse(body);
  return db.transaction(async (tx) => {
    const n = await changeable(tx, actor, sessionId, now);
    if (n.note === input.note) return toAnswer(n, now);
    await repo.updateNoteText(tx, n.id, input.note, now);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'progress_note.edit',
      entityType: 'reservation',
      entityId: n.reservationId ?? n.id,
      before: { session: sessionId, note: n.note },
      after: { session: sessionId, note: input.note },
    });
    return toAnswer({ ...n, note: input.note, editedAt: now }, now);
  });
}

/** Withdrawn: the family's Progress and every other screen stop showing it. */
export async function withdrawNote(db: Db, actor: Actor, sessionId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const n = await changeable(tx, actor, sessionId, now);
    await repo.withdrawNote(tx, n.id, now);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'progress_note.withdraw',
      entityType: 'reservation',
      entityId: n.reservationId ?? n.id,
      before: { session: sessionId, note: n.note },
      after: { session: sessionId, withdrawn: true },
    });
  });
}
