import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordAvailabilityVersion } from '../catalog/index.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { subjects, tutorAvailability, tutors } from '../../platform/db/schema/catalog.ts';
import { auditLog } from '../../platform/db/schema/content.ts';
import {
  tutorApplications,
  tutorChecks,
  tutorDocumentFiles,
  tutorDocuments,
} from '../../platform/db/schema/tutoring.ts';
import { users } from '../../platform/db/schema/users.ts';

export type ApplicationRow = typeof tutorApplications.$inferSelect;
export type TutorRow = typeof tutors.$inferSelect;
export type DocumentRow = Omit<typeof tutorDocuments.$inferSelect, never>;

export async function findUserTaken(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      sql`lower(${users.email}) = ${email.toLowerCase()} or lower(${users.username}) = ${email.toLowerCase()}`,
    )
    .limit(1);
  return row ?? null;
}

export async function insertUser(db: DbOrTx, row: typeof users.$inferInsert) {
  const [created] = await db.insert(users).values(row).returning();
  return created!;
}

export async function insertTutor(db: DbOrTx, row: typeof tutors.$inferInsert) {
  const [created] = await db.insert(tutors).values(row).returning();
  return created!;
}

export async function updateTutor(db: DbOrTx, id: number, row: Partial<typeof tutors.$inferInsert>) {
  await db
    .update(tutors)
    .set({ ...row, updatedAt: new Date() })
    .where(eq(tutors.id, id));
}

export async function replaceAvailability(
  db: DbOrTx,
  tutorId: number,
  windows: {
    weekday: (typeof tutorAvailability.$inferInsert)['weekday'];
    startTime: string;
    endTime: string;
  }[],
) {
  await db.delete(tutorAvailability).where(eq(tutorAvailability.tutorId, tutorId));
  if (windows.length) await db.insert(tutorAvailability).values(windows.map((w) => ({ ...w, tutorId })));
  // The version in force from now on, for utilisation (decision 264).
  await recordAvailabilityVersion(db, tutorId, windows);
}

export async function availabilityOf(db: DbOrTx, tutorId: number) {
  return db
    .select({
      weekday: tutorAvailability.weekday,
      start: tutorAvailability.startTime,
      end: tutorAvailability.endTime,
    })
    .from(tutorAvailability)
    .where(eq(tutorAvailability.tutorId, tutorId))
    .orderBy(asc(tutorAvailability.startTime));
}

export async function insertApplication(db: DbOrTx, row: typeof tutorApplications.$inferInsert) {
  const [created] = await db.insert(tutorApplications).values(row).returning();
  return created!;
}

export async function updateApplication(
  db: DbOrTx,
  id: string,
  row: Partial<typeof tutorApplications.$inferInsert>,
) {
  await db
    .update(tutorApplications)
    .set({ ...row, updatedAt: new Date() })
    .where(eq(tutorApplications.id, id));
}

/** The application with its tutor and account; `lock` takes the row for a decision or an edit. */
export async function findApplication(db: DbOrTx, where: { id?: string; userId?: string }, lock = false) {
  const cond = where.id ? eq(tutorApplications.id, where.id) : eq(tutorApplications.userId, where.userId!);
  const q = db
    .select({
      application: tutorApplications,
      tutor: tutors,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
    })
    .from(tutorApplications)
    .innerJoin(tutors, eq(tutors.id, tutorApplications.tutorId))
    .innerJoin(users, eq(users.id, tutorApplications.userId))
    .where(cond)
    .limit(1);
  const [row] = lock ? await q.for('update', { of: tutorApplications }) : await q;
  return row ?? null;
}

export async function listApplications(
  db: DbOrTx,
  filter: { status?: ApplicationRow['status']; limit: number; offset: number },
) {
  const where = filter.status ? eq(tutorApplications.status, filter.status) : undefined;
  const [{ total }] = (await db.select({ total: count() }).from(tutorApplications).where(where)) as [
    { total: number },
  ];
  const rows = await db
    .select({
      id: tutorApplications.id,
      status: tutorApplications.status,
      fullName: tutors.fullName,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      city: tutorApplications.city,
      subjectIds: tutorApplications.subjectIds,
      submittedAt: tutorApplications.submittedAt,
      decidedAt: tutorApplications.decidedAt,
      documents: sql<number>`(select count(*)::int from ${tutorDocuments} d where d.application_id = ${tutorApplications.id})`,
    })
    .from(tutorApplications)
    .innerJoin(tutors, eq(tutors.id, tutorApplications.tutorId))
    .innerJoin(users, eq(users.id, tutorApplications.userId))
    .where(where)
    .orderBy(desc(tutorApplications.submittedAt), desc(tutorApplications.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { total: Number(total), rows };
}

export async function subjectsByIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: subjects.id,
      name: subjects.name,
      isActive: subjects.isActive,
      etb: subjects.pricePerHourEtbCents,
    })
    .from(subjects)
    .where(inArray(subjects.id, ids));
}

export async function documentsOf(db: DbOrTx, applicationId: string) {
  return db
    .select()
    .from(tutorDocuments)
    .where(eq(tutorDocuments.applicationId, applicationId))
    .orderBy(asc(tutorDocuments.createdAt));
}

export async function insertDocument(
  db: DbOrTx,
  row: typeof tutorDocuments.$inferInsert,
  data: Buffer,
): Promise<DocumentRow> {
  const [doc] = await db.insert(tutorDocuments).values(row).returning();
  await db.insert(tutorDocumentFiles).values({ documentId: doc!.id, data });
  return doc!;
}

export async function deleteDocument(db: DbOrTx, applicationId: string, id: string) {
  const gone = await db
    .delete(tutorDocuments)
    .where(and(eq(tutorDocuments.applicationId, applicationId), eq(tutorDocuments.id, id)))
    .returning({ id: tutorDocuments.id });
  return gone.length > 0;
}

export async function documentFile(db: DbOrTx, applicationId: string, id: string) {
  const [row] = await db
    .select({ doc: tutorDocuments, data: tutorDocumentFiles.data })
    .from(tutorDocuments)
    .innerJoin(tutorDocumentFiles, eq(tutorDocumentFiles.documentId, tutorDocuments.id))
    .where(and(eq(tutorDocuments.applicationId, applicationId), eq(tutorDocuments.id, id)))
    .limit(1);
  return row ?? null;
}

export async function checksOf(db: DbOrTx, tutorId: number) {
  return db
    .select({
      kind: tutorChecks.kind,
      checkedAt: tutorChecks.checkedAt,
      note: tutorChecks.note,
      by: sql<
        string | null
      >`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
      byUsername: users.username,
    })
    .from(tutorChecks)
    .leftJoin(users, eq(users.id, tutorChecks.checkedByUserId))
    .where(eq(tutorChecks.tutorId, tutorId));
}

export async function upsertCheck(
  db: DbOrTx,
  row: {
    tutorId: number;
    kind: (typeof tutorChecks.$inferInsert)['kind'];
    checkedByUserId: string | null;
    note: string;
    checkedAt: Date;
  },
) {
  await db
    .insert(tutorChecks)
    .values(row)
    .onConflictDoUpdate({
      target: [tutorChecks.tutorId, tutorChecks.kind],
      set: { checkedByUserId: row.checkedByUserId, note: row.note, checkedAt: row.checkedAt },
    });
}

/** The decisions on an application, from the audit log (who, when, the reason). */
export async function decisionHistory(db: DbOrTx, applicationId: string) {
  return db
    .select({
      action: auditLog.action,
      at: auditLog.createdAt,
      after: auditLog.after,
      by: users.username,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.entityType, 'tutor_application'), eq(auditLog.entityId, applicationId)))
    .orderBy(asc(auditLog.createdAt));
}

export async function userName(db: DbOrTx, id: string | null) {
  if (!id) return null;
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, id)).limit(1);
  return row?.username ?? null;
}

export async function setUserNames(
  db: DbOrTx,
  userId: string,
  row: { firstName: string; lastName: string; phone: string },
) {
  await db
    .update(users)
    .set({ ...row, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
