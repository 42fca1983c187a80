import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  date,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  incidentKinds,
  incidentStatuses,
  moveRequestStatuses,
  reservationKinds,
  reservationStatuses,
  sessionStatuses,
  substitutionStatuses,
} from '@tibeb/domain/bookings/statuses';
import { subjects, tutors } from './catalog.ts';
import { privateFiles } from './messaging.ts';
import { users } from './users.ts';

export const reservations = pgTable(
  'reservations',
  {
    // Unguessable: the public payment page reads a reservation by this id.
    id: uuid().primaryKey().defaultRandom(),
    tutorId: integer()
      .notNull()
      .references(() => tutors.id),
    subjectId: integer().references(() => subjects.id),
    familyUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: text({ enum: reservationStatuses }).notNull().default('pending_payment'),
    // weekly: the recurring plan; trial: one short first lesson (issue 30), at most one per family and tutor.
    kind: text({ enum: reservationKinds }).notNull().default('weekly'),
    // The first date, and its start time, as wall-clock values in the tutor's time zone.
    date: date().notNull(),
    time: text().notNull(),
    durationMinutes: integer().notNull(),
    days: jsonb().$type<string[]>().notNull().default([]),
    daysTimes: jsonb().$type<Record<string, string>>().notNull().default({}),
    timeZone: text().notNull().default('Africa/Addis_Ababa'),
    fullName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull().default(''),
    subject: text().notNull().default(''),
    subjectLevel: text().notNull().default(''),
    studentFullName: text().notNull(),
    studentGrade: text().notNull().default(''),
    studentDob: date(),
    studentAge: integer(),
    studentSchool: text().notNull().default(''),
    studentEmail: text().notNull().default(''),
    studentPhone: text().notNull().default(''),
    guardianFullName: text().notNull().default(''),
    guardianRelationship: text().notNull().default('Parent/Guardian'),
    guardianEmail: text().notNull().default(''),
    guardianPhone: text().notNull().default(''),
    guardianSecondaryName: text().notNull().default(''),
    guardianSecondaryEmail: text().notNull().default(''),
    guardianSecondaryPhone: text().notNull().default(''),
    guardianAddressLine1: text().notNull().default(''),
    guardianAddressLine2: text().notNull().default(''),
    guardianCity: text().notNull().default(''),
    guardianState: text().notNull().default(''),
    guardianPostalCode: text().notNull().default(''),
    guardianCountry: text().notNull().default(''),
    communicationPreference: text().notNull().default(''),
    billingName: text().notNull().default(''),
    billingEmail: text().notNull().default(''),
    // Computed by the server: hourly rate × hours × planned (not skipped) sessions.
    amountCents: integer().notNull(),
    currency: text().notNull().default('USD'),
    // The hourly rate (in `currency`) it was bought at; its renewals keep it (decision 251). Null: not known.
    hourlyRateCents: integer(),
    // Value of sessions skipped after a late payment; refundable by an admin.
    creditCents: integer().notNull().default(0),
    // Family credit spent on this reservation's checkout (the payment is amountCents − this).
    creditAppliedCents: integer().notNull().default(0),
    // The client address that created it (bounded holds per address); never shown.
    clientAddress: text().notNull().default(''),
    // The reservation this one renews (the next weeks of the same plan).
    renewsReservationId: uuid(),
    locale: text().notNull().default('en'),
    // The browser's zone the wizard sent ('' = unknown): the family's zone until its account has one (decision 262).
    familyTimeZone: text().notNull().default(''),
    holdExpiresAt: timestamp({ withTimezone: true }).notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reservations_tutor_idx').on(t.tutorId),
    index('reservations_family_idx').on(t.familyUserId),
    index('reservations_status_hold_idx').on(t.status, t.holdExpiresAt),
    // The admin list's order (newest first, then id), alone and after its status or tutor filter (decision 241).
    index('reservations_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('reservations_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id),
    index('reservations_tutor_created_idx').on(t.tutorId, t.createdAt.desc().nullsFirst(), t.id),
    // The admin searches by family, guardian or student (a substring: `ilike '%q%'`), one trigram GIN index over
    // each searched column (pg_trgm, migration 0007, decision 243).
    index('reservations_search_idx').using(
      'gin',
      t.fullName.op('gin_trgm_ops'),
      t.email.op('gin_trgm_ops'),
      t.guardianFullName.op('gin_trgm_ops'),
      t.guardianEmail.op('gin_trgm_ops'),
      t.studentFullName.op('gin_trgm_ops'),
    ),
    // At most one trial per family (its e-mail, lower case) and tutor, unless it lapsed or was cancelled.
    uniqueIndex('reservations_one_trial_key')
      .on(t.tutorId, sql`lower(${t.email})`)
      .where(sql`${t.kind} = 'trial' AND ${t.status} IN ('pending_payment', 'confirmed', 'completed')`),
    // The trial follow-up job reads only the trials booked in the last weeks (decision 277).
    index('reservations_trial_created_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'trial'`),
    check('reservations_amount_nonnegative', sql`${t.amountCents} >= 0`),
    check('reservations_duration_range', sql`${t.durationMinutes} BETWEEN 30 AND 480`),
  ],
);

/**
 * Planned occurrences. Two active sessions of one tutor never overlap: the migration adds
 * `EXCLUDE USING gist (tutor_id WITH =, tstzrange(starts_at, ends_at) WITH &&) WHERE (status in active)`.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    reservationId: uuid()
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    tutorId: integer()
      .notNull()
      .references(() => tutors.id),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: sessionStatuses }).notNull().default('held'),
    holdExpiresAt: timestamp({ withTimezone: true }),
    skipReason: text().notNull().default(''),
    // Unguessable id of the session's online room.
    roomId: uuid().notNull().defaultRandom(),
    // Attendance marked by the tutor or an admin (completed = attended, or no_show).
    markedAt: timestamp({ withTimezone: true }),
    markedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelledByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text().notNull().default(''),
    // What the family got back for a cancelled session: 'credit', 'refund' or 'none' (inside the notice window).
    cancelOutcome: text().notNull().default(''),
    rescheduledFromStartsAt: timestamp({ withTimezone: true }),
    // A make-up of an interrupted session (issue 30): booked at no charge, earned in its place.
    makeupOfSessionId: uuid().references((): AnyPgColumn => sessions.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sessions_tutor_starts_idx').on(t.tutorId, t.startsAt),
    index('sessions_reservation_idx').on(t.reservationId),
    // The reminder job looks for scheduled sessions by start time across every tutor.
    index('sessions_scheduled_starts_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'scheduled'`),
    // Sessions in a date range across every tutor: the admin reservations' date filter and the reports by month
    // (decision 241); the reports read the columns they sum from the index alone.
    index('sessions_starts_idx').on(t.startsAt, t.status, t.endsAt, t.tutorId, t.reservationId),
    // Cancellations by month (reports): the cancelled sessions by when they were cancelled.
    index('sessions_cancelled_idx')
      .on(sql`coalesce(${t.cancelledAt}, ${t.updatedAt})`)
      .where(sql`${t.status} = 'cancelled'`),
    // One make-up per interrupted session.
    uniqueIndex('sessions_makeup_key')
      .on(t.makeupOfSessionId)
      .where(sql`${t.makeupOfSessionId} IS NOT NULL`),
    check('sessions_order', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/**
 * What went wrong with one session (issue 30): an interruption (power or connection; reported by either side
 * within 24 hours, made up at no charge within 14 days) or a tutor who did not come (reported by the family,
 * disputed by the tutor within 48 hours or upheld). One per session.
 */
export const sessionIncidents = pgTable(
  'session_incidents',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    // Copied from the session for the per-tutor, per-month report.
    tutorId: integer()
      .notNull()
      .references(() => tutors.id),
    kind: text({ enum: incidentKinds }).notNull(),
    // An interruption's cause: 'power', 'connection' or 'other'; '' for a tutor's absence.
    cause: text().notNull().default(''),
    note: text().notNull().default(''),
    reportedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    reportedByRole: text().notNull(),
    status: text({ enum: incidentStatuses }).notNull().default('open'),
    // Until when the make-up may be booked (an interruption), or the tutor may dispute (an absence).
    deadlineAt: timestamp({ withTimezone: true }).notNull(),
    disputeNote: text().notNull().default(''),
    disputedAt: timestamp({ withTimezone: true }),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    resolution: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('session_incidents_session_key').on(t.sessionId),
    index('session_incidents_tutor_idx').on(t.tutorId, t.createdAt),
    index('session_incidents_due_idx').on(t.status, t.deadlineAt),
    index('session_incidents_created_idx').on(t.createdAt),
  ],
);

/**
 * An admin's offer to move the rest of a series to another tutor of the subject (issue 30): the family accepts
 * or declines through a link (its token's hash is kept); the price difference is credited or charged.
 */
export const substitutionOffers = pgTable(
  'substitution_offers',
  {
    id: uuid().primaryKey().defaultRandom(),
    reservationId: uuid()
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    fromTutorId: integer()
      .notNull()
      .references(() => tutors.id),
    toTutorId: integer()
      .notNull()
      .references(() => tutors.id),
    // The sessions the offer moves (the series' scheduled sessions from the offer on).
    sessionIds: jsonb().$type<string[]>().notNull().default([]),
    // The new tutor's price less the old one for those sessions, in the reservation's currency (negative: credit).
    priceDifferenceCents: integer().notNull().default(0),
    currency: text().notNull().default('USD'),
    reason: text().notNull().default(''),
    status: text({ enum: substitutionStatuses }).notNull().default('pending'),
    tokenHash: text().notNull().unique(),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('substitution_offers_pending_key')
      .on(t.reservationId)
      .where(sql`${t.status} = 'pending'`),
    index('substitution_offers_created_idx').on(t.createdAt),
  ],
);

/** Homework a tutor sets on a session (issue 30): text, an optional file, a due date; the family marks it done. */
export const homework = pgTable(
  'homework',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    reservationId: uuid()
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    tutorId: integer()
      .notNull()
      .references(() => tutors.id),
    text: text().notNull(),
    attachmentFileId: uuid().references(() => privateFiles.id, { onDelete: 'set null' }),
    dueOn: date().notNull(),
    // The tutor's note on the work handed in (shown on Progress).
    tutorNote: text().notNull().default(''),
    doneAt: timestamp({ withTimezone: true }),
    doneByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('homework_reservation_idx').on(t.reservationId, t.dueOn),
    index('homework_session_idx').on(t.sessionId),
    index('homework_tutor_idx').on(t.tutorId, t.dueOn),
  ],
);

export const progressNotes = pgTable(
  'progress_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    tutorId: integer()
      .notNull()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    studentUserId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    reservationId: uuid().references(() => reservations.id, { onDelete: 'cascade' }),
    sessionId: uuid().references(() => sessions.id, { onDelete: 'set null' }),
    note: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Edited or withdrawn by its tutor within 7 days (issue 31); the family sees the current text, or none.
    editedAt: timestamp({ withTimezone: true }),
    withdrawnAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('progress_notes_student_idx').on(t.studentUserId)],
);

/**
 * A tutor's request to move one lesson inside the notice window (issue 31): the family accepts (the lesson moves,
 * if the time is still free) or declines. The requests of one series move share a batch id.
 */
export const sessionMoveRequests = pgTable(
  'session_move_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    batchId: uuid(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    reason: text().notNull().default(''),
    status: text({ enum: moveRequestStatuses }).notNull().default('pending'),
    requestedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('session_move_requests_session_idx').on(t.sessionId, t.status),
    check('session_move_requests_order', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/** A reservation's history: every lifecycle change, who made it and when. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    reservationId: uuid()
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    sessionId: uuid().references(() => sessions.id, { onDelete: 'set null' }),
    actorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_events_reservation_idx').on(t.reservationId, t.createdAt)],
);

/**
 * A family's credit, as a ledger: positive rows are granted (a cancellation, a skipped late-paid session),
 * negative rows are spent at a checkout or paid out. Keyed by the family's e-mail (lower case), since a guest
 * family may have no account yet.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid().primaryKey().defaultRandom(),
    familyEmail: text().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull().default('USD'),
    kind: text({ enum: ['cancellation', 'late_payment', 'spent', 'released', 'adjustment'] }).notNull(),
    reservationId: uuid().references(() => reservations.id, { onDelete: 'set null' }),
    sessionId: uuid().references(() => sessions.id, { onDelete: 'set null' }),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    note: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_ledger_family_idx').on(t.familyEmail, t.currency)],
);

/**
 * Reminders sent before a session: each (session, kind) once, whatever the number of instances (the primary key
 * is the claim). `startsAt` is the session time the reminder is for: a moved session is reminded again at its new
 * time. Status: sending (claimed, leased until `nextAttemptAt`), retry, sent, failed, skipped (cancelled or moved
 * before it went out).
 */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['24h', '1h'] }).notNull(),
    channel: text().notNull(),
    status: text().notNull().default('sent'),
    // When claimed, then when sent.
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startsAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    lastError: text().notNull().default(''),
    // The provider's id of the message (a Twilio message SID), for an operator following one up.
    providerId: text().notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.kind] }),
    index('reminder_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
