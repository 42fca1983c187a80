import { instantToWallClock } from '@tibeb/domain/bookings/time';
import {
  homeworkBodySchema,
  homeworkMessages as msg,
  homeworkNoteSchema,
  isDueDateAllowed,
  type Homework,
  type HomeworkBody,
  type HomeworkNoteBody,
} from '@tibeb/domain/homework/contracts';
import type { Db, Tx } from '../../../platform/db/client.ts';
import { badRequest, conflict, notFound } from '../../../platform/http/app-error.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import {
  attachmentOut,
  readPrivateBytes,
  takeUnusedUpload,
} from '../../../platform/storage/private-files.repository.ts';
import type { PrivateStorage } from '../../../platform/storage/private-storage.ts';
import { homeworkSetEmail } from './homework.emails.ts';
import * as repo from './homework.repository.ts';

/**
 * Homework (issue 30 item 5, decision 270). The lesson's tutor sets it on a paid lesson (text, an optional file
 * it uploaded, a due date not before the tutor's today), changes or deletes it until the family marks it done,
 * and writes a note on it at any time; the family of the reservation marks it done or not done. Everyone else is
 * told it does not exist (404). The family is e-mailed, in its language, when homework is set.
 */

export type HomeworkDeps = {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  store: PrivateStorage;
  publicUrl: string;
  log: { warn: (obj: object, msg: string) => void };
};

/** Homework of lessons from this many days back shows on the tutor's screens. */
export const TUTOR_LIST_DAYS = 120;
const LIST_LIMIT = 500;

const iso = (v: Date | string) => new Date(v).toISOString();
const day = (v: Date | string) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

/** Where a homework's file is read (its tutor and its family; everyone else 404). */
export const homeworkFileUrl = (id: string) => `/api/homework/${id}/file/`;

export function toHomework(r: repo.HomeworkRow): Homework {
  return {
    id: r.id,
    session_id: r.session_id,
    reservation_id: r.reservation_id,
    session_starts_at: iso(r.session_starts_at),
    student_name: r.student_name,
    subject: r.subject,
    tutor_name: r.tutor_name,
    text: r.text,
    due_on: day(r.due_on),
    attachment: r.attachment_file_id
      ? attachmentOut(
          {
            id: r.attachment_file_id,
            file_name: r.attachment_name ?? '',
            content_type: r.attachment_type ?? '',
            size_bytes: Number(r.attachment_size ?? 0),
          },
          homeworkFileUrl(r.id),
        )
      : null,
    tutor_note: r.tutor_note,
    done_at: r.done_at === null ? null : iso(r.done_at),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

async function tutorOf(db: Db | Tx, userId: string) {
  const tutor = await repo.tutorOfUser(db, userId);
  // A tutor account without a profile has no lessons: nothing of theirs exists.
  if (!tutor) throw notFound(msg.notFound);
  return tutor;
}

function checkDue(dueOn: string, timeZone: string, now: Date) {
  const today = instantToWallClock(now, timeZone || 'Africa/Addis_Ababa').date;
  if (!isDueDateAllowed(dueOn, today)) throw badRequest(msg.dueInPast, { due_on: [msg.dueInPast] });
}

/** The tutor's own homework, locked for a change: 404 for anyone else's. */
async function ownHomework(tx: Tx, tutorId: number, id: string) {
  const h = await repo.homeworkById(tx, id, true);
  if (!h || h.tutor_id !== tutorId) throw notFound(msg.notFound);
  return h;
}

/** Removes the bytes of files nothing uses any more, after the commit (a failure is logged, never answered). */
async function dropFiles(deps: HomeworkDeps, keys: (string | null)[]) {
  for (const key of keys) {
    if (!key) continue;
    await deps.store
      .remove(key)
      .catch((error: unknown) => deps.log.warn({ err: error, key }, 'homework file'));
  }
}

export async function setHomework(
  deps: HomeworkDeps,
  tutorUserId: string,
  sessionId: string,
  body: HomeworkBody,
  now = new Date(),
): Promise<Homework> {
  const input = homeworkBodySchema.parse(body);
  const id = await deps.db.transaction(async (tx) => {
    const tutor = await tutorOf(tx, tutorUserId);
    const lesson = await repo.lessonForHomework(tx, sessionId, tutor.id);
    if (!lesson) throw notFound(msg.sessionNotFound);
    if (!lesson.paid) throw conflict(msg.notPaid);
    checkDue(input.due_on, tutor.time_zone, now);
    const file = input.attachment_id ? await takeUnusedUpload(tx, input.attachment_id, tutorUserId) : null;
    const created = await repo.insertHomework(tx, {
      sessionId,
      reservationId: lesson.reservation_id,
      tutorId: tutor.id,
      text: input.text,
      dueOn: input.due_on,
      attachmentFileId: file?.id ?? null,
      createdByUserId: tutorUserId,
    });
    // The family hears of it in the same commit (the outbox), in its language.
    if (lesson.email) {
      await deps.mailer.send(
        homeworkSetEmail({
          to: lesson.email,
          locale: lesson.locale,
          tutorName: tutor.full_name,
          studentName: lesson.student_name,
          text: input.text,
          dueOn: input.due_on,
          fileName: file?.file_name ?? null,
          publicUrl: deps.publicUrl,
        }),
        { tx },
      );
    }
    return created;
  });
  return toHomework((await repo.homeworkById(deps.db, id))!);
}

export async function editHomework(
  deps: HomeworkDeps,
  tutorUserId: string,
  id: string,
  body: HomeworkBody,
  now = new Date(),
): Promise<Homework> {
  const input = homeworkBodySchema.parse(body);
  const dropped = await deps.db.transaction(async (tx) => {
    const tutor = await tutorOf(tx, tutorUserId);
    const h = await ownHomework(tx, tutor.id, id);
    if (h.done_at !== null) throw conflict(msg.alreadyDone);
    // An unchanged due date stays allowed even once it has passed.
    if (input.due_on !== day(h.due_on)) checkDue(input.due_on, tutor.time_zone, now);
    let fileId = h.attachment_file_id;
    if (input.attachment_id !== undefined && input.attachment_id !== h.attachment_file_id) {
      fileId = input.attachment_id ? (await takeUnusedUpload(tx, input.attachment_id, tutorUserId)).id : null;
    }
    await repo.updateHomework(tx, id, { text: input.text, dueOn: input.due_on, attachmentFileId: fileId });
    return h.attachment_file_id && h.attachment_file_id !== fileId
      ? await repo.deleteFileRow(tx, h.attachment_file_id)
      : null;
  });
  await dropFiles(deps, [dropped]);
  return toHomework((await repo.homeworkById(deps.db, id))!);
}

export async function deleteHomework(deps: HomeworkDeps, tutorUserId: string, id: string): Promise<void> {
  const dropped = await deps.db.transaction(async (tx) => {
    const tutor = await tutorOf(tx, tutorUserId);
    const h = await ownHomework(tx, tutor.id, id);
    if (h.done_at !== null) throw conflict(msg.alreadyDone);
    await repo.deleteHomework(tx, id);
    return h.attachment_file_id ? await repo.deleteFileRow(tx, h.attachment_file_id) : null;
  });
  await dropFiles(deps, [dropped]);
}

/** The tutor's note on the work (done or not); '' removes it. */
export async function noteHomework(
  deps: HomeworkDeps,
  tutorUserId: string,
  id: string,
  body: HomeworkNoteBody,
): Promise<Homework> {
  const input = homeworkNoteSchema.parse(body);
  await deps.db.transaction(async (tx) => {
    const tutor = await tutorOf(tx, tutorUserId);
    const h = await ownHomework(tx, tutor.id, id);
    if (h.tutor_note !== input.tutor_note) await repo.setNote(tx, id, input.tutor_note);
  });
  return toHomework((await repo.homeworkById(deps.db, id))!);
}

/** The family of the reservation marks it done, or not done after all. */
export async function markDone(
  deps: HomeworkDeps,
  familyUserId: string,
  id: string,
  done: boolean,
): Promise<Homework> {
  await deps.db.transaction(async (tx) => {
    const h = await repo.homeworkById(tx, id, true);
    if (!h || h.family_user_id === null || h.family_user_id !== familyUserId) throw notFound(msg.notFound);
    if (done !== (h.done_at !== null)) await repo.setDone(tx, id, done ? familyUserId : null);
  });
  return toHomework((await repo.homeworkById(deps.db, id))!);
}

export async function tutorHomework(db: Db, tutorUserId: string, now = new Date()): Promise<Homework[]> {
  const tutor = await repo.tutorOfUser(db, tutorUserId);
  if (!tutor) return [];
  const since = new Date(now.getTime() - TUTOR_LIST_DAYS * 86_400_000);
  return (await repo.listForTutor(db, tutor.id, since, LIST_LIMIT)).map(toHomework);
}

export async function familyHomework(db: Db, familyUserId: string): Promise<Homework[]> {
  return (await repo.listForFamily(db, familyUserId, LIST_LIMIT)).map(toHomework);
}

/** A homework's file for its tutor or its family; anyone else (an admin too) 404, as for no file. */
export async function readHomeworkFile(deps: Pick<HomeworkDeps, 'db' | 'store'>, userId: string, id: string) {
  const h = await repo.homeworkById(deps.db, id);
  const reader =
    h && (h.tutor_user_id === userId || (h.family_user_id !== null && h.family_user_id === userId));
  if (!h || !reader || !h.attachment_file_id || !h.storage_key) throw notFound(msg.notFound);
  return readPrivateBytes(deps.store, {
    id: h.attachment_file_id,
    uploader_user_id: null,
    storage_key: h.storage_key,
    file_name: h.attachment_name ?? 'file',
    content_type: h.attachment_type ?? 'application/octet-stream',
    size_bytes: Number(h.attachment_size ?? 0),
  });
}
