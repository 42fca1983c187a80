import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tutors } from './catalog.ts';
import { users } from './users.ts';

/** An application's states (DESIGN §1.13): editable while submitted or changes_requested; decided once approved or rejected. */
export const tutorApplicationStatuses = ['submitted', 'changes_requested', 'approved', 'rejected'] as const;
/** The documents an applicant uploads; private files, read only by the applicant and admins. */
export const tutorDocumentKinds = ['identity', 'police_clearance', 'certificate'] as const;
/** The checks an admin records when vetting; families see the ones passed, never the documents. */
export const tutorCheckKinds = ['identity', 'police_clearance', 'qualifications', 'interview'] as const;

/** A tutor's application to teach (issue 27): one per applicant account and its unpublished tutor profile. */
export const tutorApplications = pgTable(
  'tutor_applications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    tutorId: integer()
      .notNull()
      .unique()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    status: text({ enum: tutorApplicationStatuses }).notNull().default('submitted'),
    city: text().notNull().default(''),
    // Languages of instruction ("English", "Amharic", "Afaan Oromoo", …).
    languages: jsonb().$type<string[]>().notNull().default([]),
    // Every subject the applicant teaches (the first is the profile's subject).
    subjectIds: jsonb().$type<number[]>().notNull().default([]),
    // The applicant's language when applying: decisions are e-mailed in it.
    locale: text().notNull().default('en'),
    // The last decision's reason (request_changes, reject), shown to the applicant.
    decisionReason: text().notNull().default(''),
    decidedAt: timestamp({ withTimezone: true }),
    decidedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    // The address that submitted it (bounded public writes); never shown.
    clientAddress: text().notNull().default(''),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tutor_applications_status_idx').on(t.status, t.submittedAt)],
);

/**
 * An applicant's private document. Its bytes are in `tutor_document_files`, in the database: never under the public
 * /uploads/ (local or S3), the same for every instance, and readable only through the authenticated routes.
 */
export const tutorDocuments = pgTable(
  'tutor_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => tutorApplications.id, { onDelete: 'cascade' }),
    kind: text({ enum: tutorDocumentKinds }).notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    uploadedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tutor_documents_application_idx').on(t.applicationId, t.kind)],
);

/** A vetting check done (who and when); the public card shows the kinds present. */
export const tutorChecks = pgTable(
  'tutor_checks',
  {
    tutorId: integer()
      .notNull()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    kind: text({ enum: tutorCheckKinds }).notNull(),
    checkedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    checkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    note: text().notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.tutorId, t.kind] })],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The bytes of one document (at most 5 MB, 10 per application), apart from its row so lists never read them. */
export const tutorDocumentFiles = pgTable('tutor_document_files', {
  documentId: uuid()
    .primaryKey()
    .references(() => tutorDocuments.id, { onDelete: 'cascade' }),
  data: bytea().notNull(),
});
