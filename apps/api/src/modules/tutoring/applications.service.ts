import { randomUUID } from 'node:crypto';
import {
  ADMIN_APPLICATIONS_PAGE_SIZE,
  documentKinds,
  orderChecks,
  tutoringMessages as m,
  type AdminApplication,
  type AdminApplicationList,
  type ApplicationCreate,
  type ApplicationDocument,
  type ApplicationFields,
  type DecisionBody,
  type DocumentKind,
  type MissingItem,
  type OwnApplication,
  type StoredApplicationFields,
} from '@tibeb/domain/tutoring/contracts';
import { availabilityDays } from '@tibeb/domain/tutors/contract';
import { publishGapErrors, publishGaps, publishingMessages } from '@tibeb/domain/tutors/publishing';
import type { Config } from '../../platform/config.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { RecipientCap } from '../../platform/mail/recipient-cap.ts';
import { notifyAddressTaken, sendAccountVerification } from '../accounts/index.ts';
import { recordAudit } from '../audit/index.ts';
import { invalidateTutorsCache, scheduleNextFreeRefresh, tutorProfile } from '../catalog/index.ts';
import * as repo from './applications.repository.ts';
import { decisionEmail } from './tutoring.emails.ts';

export type TutoringDeps = { db: Db; config: Config; mailer: Mailer; cap: RecipientCap };

const cents = (v: number) => Math.round(v * 100);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const editableStatuses = new Set(['submitted', 'changes_requested']);

/** Checks the subjects exist and are active, and that a birr rate is asked only where a subject is sold in birr. */
async function checkSubjects(db: DbOrTx, fields: ApplicationFields) {
  const found = await repo.subjectsByIds(db, [...new Set(fields.subject_ids)]);
  const active = found.filter((s) => s.isActive);
  if (active.length !== new Set(fields.subject_ids).size)
    throw badRequest(m.subjectUnknown, { subject_ids: [m.subjectUnknown] });
  if (fields.hourly_rate_etb !== null && !active.some((s) => s.etb !== null))
    throw badRequest(m.birrNotOffered, { hourly_rate_etb: [m.birrNotOffered] });
  return fields.subject_ids.map((id) => active.find((s) => s.id === id)!);
}

function tutorColumns(fields: ApplicationFields, main: { id: number; name: string }) {
  return {
    fullName: `${fields.first_name} ${fields.last_name}`,
    subject: main.name,
    subjectId: main.id,
    gradeFrom: fields.grade_from,
    gradeTo: fields.grade_to,
    bio: fields.bio,
    education: fields.education,
    yearsOfExperience: fields.years_of_experience,
    teachingStyle: fields.teaching_style,
    hourlyRateCents: cents(fields.hourly_rate),
    hourlyRateEtbCents: fields.hourly_rate_etb === null ? null : cents(fields.hourly_rate_etb),
  };
}

const availabilityRows = (fields: ApplicationFields) =>
  availabilityDays.flatMap((weekday) =>
    fields.availability[weekday].map((w) => ({ weekday, startTime: w.start, endTime: w.end })),
  );

/**
 * Someone applies (anonymous). One transaction makes the account (role tutor, address not yet proved), the
 * unpublished profile, its availability and the application; the verification link goes with it. An address
 * that already has an account gets the same answer, and only its owner is told (decision 223).
 */
export async function apply(
  deps: TutoringDeps,
  body: ApplicationCreate,
  context: { address: string; locale: string },
): Promise<{ id: string; status: 'submitted'; detail: string }> {
  const answer = (id: string) => ({ id, status: 'submitted' as const, detail: m.submitted });
  if (body.website) return answer(randomUUID()); // a bot filled the honeypot: nothing is written
  const email = body.email.trim().toLowerCase();
  const subjects = await checkSubjects(deps.db, body);
  const passwordHash = await hashPassword(body.password);
  if (await repo.findUserTaken(deps.db, email)) {
    await notifyAddressTaken(deps, deps.cap, email);
    return answer(randomUUID());
  }
  const locale = body.locale ?? context.locale;
  try {
    const id = await deps.db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, {
        username: email,
        email,
        passwordHash,
        role: 'tutor',
        firstName: body.first_name,
        lastName: body.last_name,
        phone: body.phone,
        locale,
      });
      const tutor = await repo.insertTutor(tx, {
        ...tutorColumns(body, subjects[0]!),
        userId: user.id,
        isPublished: false,
      });
      await repo.replaceAvailability(tx, tutor.id, availabilityRows(body));
      const application = await repo.insertApplication(tx, {
        userId: user.id,
        tutorId: tutor.id,
        city: body.city,
        languages: body.languages,
        subjectIds: body.subject_ids,
        locale,
        clientAddress: context.address,
      });
      await sendAccountVerification(deps, deps.cap, user, tx);
      return application.id;
    });
    return answer(id);
  } catch (err) {
    // The same address applied twice at once: one account is made; the other answer is the same.
    if (isUniqueViolation(err)) return answer(randomUUID());
    throw err;
  }
}

async function storedFields(
  db: DbOrTx,
  row: NonNullable<Awaited<ReturnType<typeof repo.findApplication>>>,
): Promise<StoredApplicationFields> {
  const windows = await repo.availabilityOf(db, row.tutor.id);
  const availability = Object.fromEntries(
    availabilityDays.map((d) => [
      d,
      windows.filter((w) => w.weekday === d).map(({ start, end }) => ({ start, end })),
    ]),
  );
  return {
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    city: row.application.city,
    subject_ids: row.application.subjectIds,
    grade_from: row.tutor.gradeFrom,
    grade_to: row.tutor.gradeTo,
    languages: row.application.languages,
    education: row.tutor.education,
    years_of_experience: row.tutor.yearsOfExperience,
    hourly_rate: row.tutor.hourlyRateCents / 100,
    hourly_rate_etb: row.tutor.hourlyRateEtbCents === null ? null : row.tutor.hourlyRateEtbCents / 100,
    availability,
    bio: row.tutor.bio,
    teaching_style: row.tutor.teachingStyle,
  };
}

function documentOut(d: repo.DocumentRow, url: string): ApplicationDocument {
  return {
    id: d.id,
    kind: d.kind,
    file_name: d.fileName,
    content_type: d.contentType,
    size_bytes: d.sizeBytes,
    created_at: d.createdAt.toISOString(),
    url,
  };
}

function missingOf(
  row: NonNullable<Awaited<ReturnType<typeof repo.findApplication>>>,
  docs: repo.DocumentRow[],
): MissingItem[] {
  const missing: MissingItem[] = [];
  if (!row.emailVerifiedAt) missing.push('email_verified');
  if (!row.tutor.profileImage) missing.push('photo');
  for (const kind of documentKinds) if (!docs.some((d) => d.kind === kind)) missing.push(kind);
  return missing;
}

async function ownApplication(db: DbOrTx, userId: string): Promise<OwnApplication> {
  const row = await repo.findApplication(db, { userId });
  if (!row) throw notFound(m.noApplication);
  const docs = await repo.documentsOf(db, row.application.id);
  const checks = await repo.checksOf(db, row.tutor.id);
  return {
    id: row.application.id,
    status: row.application.status,
    decision_reason: row.application.decisionReason,
    submitted_at: row.application.submittedAt.toISOString(),
    decided_at: iso(row.application.decidedAt),
    editable: editableStatuses.has(row.application.status),
    missing: missingOf(row, docs),
    email: row.email,
    email_verified: row.emailVerifiedAt !== null,
    photo_url: row.tutor.profileImage,
    fields: await storedFields(db, row),
    documents: docs.map((d) => documentOut(d, `/api/tutor/application/documents/${d.id}/file/`)),
    checks: orderChecks(checks.map((c) => c.kind)).map((kind) => ({
      kind,
      checked_at: checks.find((c) => c.kind === kind)!.checkedAt.toISOString(),
    })),
  };
}

export const getOwnApplication = (db: Db, userId: string) => ownApplication(db, userId);

/** The applicant edits while the application is open; after a request for changes it goes back to the queue. */
export async function updateOwnApplication(
  db: Db,
  userId: string,
  fields: ApplicationFields,
): Promise<OwnApplication> {
  const subjects = await checkSubjects(db, fields);
  await db.transaction(async (tx) => {
    const row = await repo.findApplication(tx, { userId }, true);
    if (!row) throw notFound(m.noApplication);
    if (!editableStatuses.has(row.application.status)) throw conflict(m.notEditable);
    await repo.setUserNames(tx, userId, {
      firstName: fields.first_name,
      lastName: fields.last_name,
      phone: fields.phone,
    });
    await repo.updateTutor(tx, row.tutor.id, tutorColumns(fields, subjects[0]!));
    await repo.replaceAvailability(tx, row.tutor.id, availabilityRows(fields));
    await repo.updateApplication(tx, row.application.id, {
      city: fields.city,
      languages: fields.languages,
      subjectIds: fields.subject_ids,
      ...(row.application.status === 'changes_requested'
        ? { status: 'submitted', submittedAt: new Date() }
        : {}),
    });
  });
  return ownApplication(db, userId);
}

export const MAX_DOCUMENTS = 10;
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** The file's real type, from its first bytes (the name and the browser's type are not trusted). */
export function sniffDocumentType(data: Buffer): string | null {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

const extensions: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** A name safe in a Content-Disposition header and a list: letters, digits, dot, dash, underscore. */
export function safeFileName(name: string, contentType: string): string {
  const base = name
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'document'}.${extensions[contentType] ?? 'bin'}`;
}

export async function addDocument(
  db: Db,
  userId: string,
  input: { kind: DocumentKind; fileName: string; data: Buffer },
): Promise<ApplicationDocument> {
  const contentType = sniffDocumentType(input.data);
  if (!contentType) throw badRequest(m.documentType, { file: [m.documentType] });
  if (input.data.length > MAX_DOCUMENT_BYTES)
    throw new AppError(413, m.documentTooLarge, { fieldErrors: { file: [m.documentTooLarge] } });
  const doc = await db.transaction(async (tx) => {
    const row = await repo.findApplication(tx, { userId }, true);
    if (!row) throw notFound(m.noApplication);
    if (!editableStatuses.has(row.application.status)) throw conflict(m.notEditable);
    const docs = await repo.documentsOf(tx, row.application.id);
    if (docs.length >= MAX_DOCUMENTS) throw badRequest(m.documentLimit, { file: [m.documentLimit] });
    return repo.insertDocument(
      tx,
      {
        applicationId: row.application.id,
        kind: input.kind,
        fileName: safeFileName(input.fileName, contentType),
        contentType,
        sizeBytes: input.data.length,
        uploadedByUserId: userId,
      },
      input.data,
    );
  });
  return documentOut(doc, `/api/tutor/application/documents/${doc.id}/file/`);
}

export async function removeDocument(db: Db, userId: string, documentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.findApplication(tx, { userId }, true);
    if (!row) throw notFound(m.noApplication);
    if (!editableStatuses.has(row.application.status)) throw conflict(m.notEditable);
    if (!(await repo.deleteDocument(tx, row.application.id, documentId))) throw notFound(m.documentNotFound);
  });
}

/** A document's bytes, for its applicant (by account) or an admin (by application id). */
export async function readDocument(
  db: Db,
  who: { userId: string } | { applicationId: string },
  documentId: string,
) {
  const applicationId =
    'applicationId' in who
      ? who.applicationId
      : (await repo.findApplication(db, { userId: who.userId }))?.application.id;
  if (!applicationId) throw notFound(m.documentNotFound);
  const found = await repo.documentFile(db, applicationId, documentId);
  if (!found) throw notFound(m.documentNotFound);
  return { fileName: found.doc.fileName, contentType: found.doc.contentType, data: found.data };
}

// ---- Admin ----

export async function listForAdmin(
  db: Db,
  query: { status?: OwnApplication['status']; page?: number },
): Promise<AdminApplicationList> {
  const page = query.page ?? 1;
  const { total, rows } = await repo.listApplications(db, {
    status: query.status,
    limit: ADMIN_APPLICATIONS_PAGE_SIZE,
    offset: (page - 1) * ADMIN_APPLICATIONS_PAGE_SIZE,
  });
  const names = new Map(
    (await repo.subjectsByIds(db, [...new Set(rows.flatMap((r) => r.subjectIds))])).map((s) => [
      s.id,
      s.name,
    ]),
  );
  return {
    count: total,
    results: rows.map((r) => ({
      id: r.id,
      status: r.status,
      full_name: r.fullName,
      email: r.email,
      city: r.city,
      subjects: r.subjectIds.map((id) => names.get(id) ?? '').filter(Boolean),
      submitted_at: r.submittedAt.toISOString(),
      decided_at: iso(r.decidedAt),
      documents_count: Number(r.documents),
      email_verified: r.emailVerifiedAt !== null,
    })),
  };
}

export async function adminApplication(db: DbOrTx, id: string): Promise<AdminApplication> {
  const row = await repo.findApplication(db, { id });
  if (!row) throw notFound(m.notFound);
  const docs = await repo.documentsOf(db, id);
  const checks = await repo.checksOf(db, row.tutor.id);
  const subjects = await repo.subjectsByIds(db, row.application.subjectIds);
  const history = await repo.decisionHistory(db, id);
  return {
    id,
    status: row.application.status,
    decision_reason: row.application.decisionReason,
    submitted_at: row.application.submittedAt.toISOString(),
    decided_at: iso(row.application.decidedAt),
    decided_by: await repo.userName(db, row.application.decidedByUserId),
    tutor_id: row.tutor.id,
    user_id: row.application.userId,
    email: row.email,
    email_verified: row.emailVerifiedAt !== null,
    photo_url: row.tutor.profileImage,
    missing: missingOf(row, docs),
    fields: await storedFields(db, row),
    subjects: row.application.subjectIds.flatMap((sid) => {
      const s = subjects.find((x) => x.id === sid);
      return s ? [{ id: s.id, name: s.name, birr: s.etb !== null }] : [];
    }),
    documents: docs.map((d) => documentOut(d, `/api/admin/tutor-applications/${id}/documents/${d.id}/file/`)),
    checks: orderChecks(checks.map((c) => c.kind)).map((kind) => {
      const c = checks.find((x) => x.kind === kind)!;
      return {
        kind,
        checked_at: c.checkedAt.toISOString(),
        checked_by: c.by ?? c.byUsername ?? null,
        note: c.note,
      };
    }),
    history: history.map((h) => ({
      action: h.action,
      at: h.at.toISOString(),
      by: h.by ?? null,
      reason: String((h.after as { reason?: unknown } | null)?.reason ?? ''),
    })),
  };
}

const statusAfter = {
  approve: 'approved',
  reject: 'rejected',
  request_changes: 'changes_requested',
} as const;

/**
 * An admin decides (decision 224): the checks done now are recorded with who and when; approve needs a proved
 * address and the identity check and publishes the profile; reject and request changes need a reason, which the
 * applicant is e-mailed in their language. A decided application is not decided again. Audited, all in one
 * transaction with the e-mail queued in it.
 */
export async function decide(
  deps: Pick<TutoringDeps, 'db' | 'config' | 'mailer'>,
  adminUserId: string,
  id: string,
  body: DecisionBody,
  now = new Date(),
): Promise<AdminApplication> {
  const tutorId = await deps.db.transaction(async (tx) => {
    const row = await repo.findApplication(tx, { id }, true);
    if (!row) throw notFound(m.notFound);
    if (!editableStatuses.has(row.application.status)) throw conflict(m.alreadyDecided);
    for (const check of body.checks) {
      await repo.upsertCheck(tx, {
        tutorId: row.tutor.id,
        kind: check.kind,
        checkedByUserId: adminUserId,
        note: check.note,
        checkedAt: now,
      });
    }
    if (body.decision === 'approve') {
      if (!row.emailVerifiedAt)
        throw badRequest(m.approveNeedsVerified, { decision: [m.approveNeedsVerified] });
      const checks = await repo.checksOf(tx, row.tutor.id);
      if (!checks.some((c) => c.kind === 'identity'))
        throw badRequest(m.approveNeedsIdentity, { checks: [m.approveNeedsIdentity] });
      // Approving publishes the profile, so it must be complete: rate, bio, photo, availability (decision 265).
      const gaps = publishGaps(await tutorProfile(tx, row.tutor.id));
      if (gaps.length > 0) throw badRequest(publishingMessages.notReady, publishGapErrors(gaps));
      // The languages the applicant teaches in go onto the published profile (the directory filters by them).
      await repo.updateTutor(tx, row.tutor.id, {
        isPublished: true,
        isActive: true,
        languages: row.application.languages ?? [],
      });
    }
    const status = statusAfter[body.decision];
    const decided = body.decision !== 'request_changes';
    await repo.updateApplication(tx, id, {
      status,
      decisionReason: body.reason,
      decidedAt: decided ? now : null,
      decidedByUserId: adminUserId,
    });
    await recordAudit(tx, {
      actorUserId: adminUserId,
      action: `tutor_application.${body.decision}`,
      entityType: 'tutor_application',
      entityId: id,
      before: { status: row.application.status },
      after: { status, reason: body.reason, checks: body.checks.map((c) => c.kind) },
    });
    await deps.mailer.send(
      decisionEmail(
        { email: row.email, name: row.firstName || row.tutor.fullName, locale: row.application.locale },
        body.decision,
        body.reason,
        deps.config.publicUrl,
      ),
      { tx },
    );
    return row.tutor.id;
  });
  // Approving publishes the tutor and every decision may record checks: the directory's cached reads go (on
  // every instance, through the cache bus), as when the admin publishes from the tutor's edit.
  invalidateTutorsCache(deps.db);
  // A tutor just published gets its next free time for the directory now, not at the job's next turn.
  if (body.decision === 'approve') scheduleNextFreeRefresh(deps.db, tutorId);
  return adminApplication(deps.db, id);
}
