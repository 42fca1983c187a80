import { sql } from 'drizzle-orm';
import { bookedSessionStatuses, paidReservationStatuses } from '@tibeb/domain/bookings/statuses';
import { queryRows, type DbOrTx, type Tx } from '../../../platform/db/client.ts';

/** SQL of homework (issue 30 item 5, decision 270). Timestamps come back as Date or string (by driver). */

type Ts = Date | string;

export type HomeworkRow = {
  id: string;
  session_id: string;
  reservation_id: string;
  tutor_id: number;
  session_starts_at: Ts;
  student_name: string;
  subject: string;
  tutor_name: string;
  text: string;
  due_on: Ts;
  attachment_file_id: string | null;
  attachment_name: string | null;
  attachment_type: string | null;
  attachment_size: number | null;
  tutor_note: string;
  done_at: Ts | null;
  created_at: Ts;
  updated_at: Ts;
  family_user_id: string | null;
  tutor_user_id: string | null;
  storage_key: string | null;
};

const selectHomework = sql`select h.id, h.session_id, h.reservation_id, h.tutor_id, s.starts_at as session_starts_at,
    r.student_full_name as student_name, r.subject, t.full_name as tutor_name, h.text, h.due_on,
    h.attachment_file_id, f.file_name as attachment_name, f.content_type as attachment_type,
    f.size_bytes as attachment_size, f.storage_key, h.tutor_note, h.done_at, h.created_at, h.updated_at,
    r.family_user_id, t.user_id as tutor_user_id
  from homework h
  join sessions s on s.id = h.session_id
  join reservations r on r.id = h.reservation_id
  join tutors t on t.id = h.tutor_id
  left join private_files f on f.id = h.attachment_file_id`;

/** The tutor profile of a tutor account. */
export async function tutorOfUser(db: DbOrTx, userId: string) {
  const [row] = await queryRows<{ id: number; full_name: string; time_zone: string }>(
    db,
    sql`select id, full_name, time_zone from tutors where user_id = ${userId}`,
  );
  return row ?? null;
}

/** A lesson of the tutor, with its reservation's family, when homework may be set on it (paid, not cancelled). */
export async function lessonForHomework(db: DbOrTx, sessionId: string, tutorId: number) {
  const [row] = await queryRows<{
    id: string;
    reservation_id: string;
    starts_at: Ts;
    session_status: string;
    reservation_status: string;
    email: string;
    locale: string;
    student_name: string;
    subject: string;
  }>(
    db,
    sql`select s.id, s.reservation_id, s.starts_at, s.status as session_status, r.status as reservation_status,
        coalesce(u.email, r.email) as email, coalesce(u.locale, r.locale) as locale,
        r.student_full_name as student_name, r.subject
      from sessions s join reservations r on r.id = s.reservation_id
      left join users u on u.id = r.family_user_id and u.is_active
      where s.id = ${sessionId} and s.tutor_id = ${tutorId}`,
  );
  if (!row) return null;
  const paid =
    (paidReservationStatuses as readonly string[]).includes(row.reservation_status) &&
    (bookedSessionStatuses as readonly string[]).includes(row.session_status);
  return { ...row, paid };
}

export async function insertHomework(
  tx: Tx,
  values: {
    sessionId: string;
    reservationId: string;
    tutorId: number;
    text: string;
    dueOn: string;
    attachmentFileId: string | null;
    createdByUserId: string;
  },
) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into homework (session_id, reservation_id, tutor_id, text, due_on, attachment_file_id,
        created_by_user_id)
      values (${values.sessionId}, ${values.reservationId}, ${values.tutorId}, ${values.text}, ${values.dueOn},
        ${values.attachmentFileId}, ${values.createdByUserId})
      returning id`,
  );
  return row!.id;
}

/** One homework with what its answer shows; `lock` takes its row for a change (in a transaction). */
export async function homeworkById(db: DbOrTx, id: string, lock = false): Promise<HomeworkRow | null> {
  const [row] = await queryRows<HomeworkRow>(
    db,
    lock
      ? sql`${selectHomework} where h.id = ${id} for update of h`
      : sql`${selectHomework} where h.id = ${id}`,
  );
  return row ?? null;
}

export async function updateHomework(
  tx: Tx,
  id: string,
  patch: { text: string; dueOn: string; attachmentFileId: string | null },
) {
  await queryRows(
    tx,
    sql`update homework set text = ${patch.text}, due_on = ${patch.dueOn},
        attachment_file_id = ${patch.attachmentFileId}, updated_at = now()
      where id = ${id} returning id`,
  );
}

export async function setDone(tx: Tx, id: string, doneByUserId: string | null) {
  await queryRows(
    tx,
    doneByUserId
      ? sql`update homework set done_at = now(), done_by_user_id = ${doneByUserId}, updated_at = now()
          where id = ${id} returning id`
      : sql`update homework set done_at = null, done_by_user_id = null, updated_at = now()
          where id = ${id} returning id`,
  );
}

export async function setNote(tx: Tx, id: string, note: string) {
  await queryRows(
    tx,
    sql`update homework set tutor_note = ${note}, updated_at = now() where id = ${id} returning id`,
  );
}

export async function deleteHomework(tx: Tx, id: string) {
  await queryRows(tx, sql`delete from homework where id = ${id} returning id`);
}

/** Files no longer used by anything once a homework lets go of them: their rows (the bytes go after). */
export async function deleteFileRow(tx: Tx, fileId: string) {
  const [row] = await queryRows<{ storage_key: string }>(
    tx,
    sql`delete from private_files f where f.id = ${fileId}
        and not exists (select 1 from homework where attachment_file_id = f.id)
        and not exists (select 1 from messages where attachment_file_id = f.id)
      returning storage_key`,
  );
  return row?.storage_key ?? null;
}

/** The tutor's homework on lessons from `since` on (the week screens), by lesson then creation; bounded. */
export async function listForTutor(db: DbOrTx, tutorId: number, since: Date, limit: number) {
  return queryRows<HomeworkRow>(
    db,
    sql`${selectHomework} where h.tutor_id = ${tutorId} and s.starts_at >= ${since.toISOString()}
      order by s.starts_at, h.created_at limit ${limit}`,
  );
}

/** The family's homework (its reservations), the latest lessons first; bounded. */
export async function listForFamily(db: DbOrTx, familyUserId: string, limit: number) {
  return queryRows<HomeworkRow>(
    db,
    sql`${selectHomework} where r.family_user_id = ${familyUserId}
      order by s.starts_at desc, h.created_at desc limit ${limit}`,
  );
}
