import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../platform/db/client.ts';
import { progressNotes } from '../../../platform/db/schema/bookings.ts';
import { tutors } from '../../../platform/db/schema/catalog.ts';

/** A lesson's progress notes as their correction reads and changes them (decision 261). */

export type CurrentNote = {
  id: string;
  sessionId: string | null;
  reservationId: string | null;
  note: string;
  createdAt: Date;
  editedAt: Date | null;
  tutorUserId: string | null;
};

const columns = {
  id: progressNotes.id,
  sessionId: progressNotes.sessionId,
  reservationId: progressNotes.reservationId,
  note: progressNotes.note,
  createdAt: progressNotes.createdAt,
  editedAt: progressNotes.editedAt,
  tutorUserId: tutors.userId,
};

/**
 * The lesson's current note: its latest one not withdrawn (the one the family reads), with its tutor's account;
 * `lock` takes its row for the change (in a transaction).
 */
export async function currentNoteOfSession(
  db: DbOrTx,
  sessionId: string,
  lock = false,
): Promise<CurrentNote | null> {
  const query = db
    .select(columns)
    .from(progressNotes)
    .innerJoin(tutors, eq(tutors.id, progressNotes.tutorId))
    .where(and(eq(progressNotes.sessionId, sessionId), isNull(progressNotes.withdrawnAt)))
    .orderBy(desc(progressNotes.createdAt))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: progressNotes }) : await query;
  return row ?? null;
}

/** The corrected text; `edited_at` says so to the family. */
export async function updateNoteText(tx: Tx, id: string, note: string, now: Date) {
  await tx.update(progressNotes).set({ note, editedAt: now }).where(eq(progressNotes.id, id));
}

/** Withdrawn: no screen or report shows it any more (the row stays, for the audit's sake). */
export async function withdrawNote(tx: Tx, id: string, now: Date) {
  await tx.update(progressNotes).set({ withdrawnAt: now }).where(eq(progressNotes.id, id));
}
