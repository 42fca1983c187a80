import { z } from 'zod';
import { codedMessages } from '../shared/error-codes.ts';
import type { IncidentKind, IncidentStatus } from './statuses.ts';

/**
 * "Interrupted is not absent" (issue 30 item 3, decision 271): a lesson that could not happen or was cut short by a
 * power or connection cut is interrupted and made up at no charge; a tutor who did not come is reported by the
 * family and, unless the tutor disputes it, the family gets the lesson back. The rules the API and the screens
 * share: who may report what and when, the windows, and what each outcome does.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A report may be made from the lesson's start until this long after its end. */
export const INCIDENT_REPORT_HOURS = 24;
/** The make-up of an interruption must start within this many days of the report. */
export const MAKEUP_WINDOW_DAYS = 14;
/** The tutor may dispute a reported absence for this many hours. */
export const DISPUTE_WINDOW_HOURS = 48;

export const interruptionCauses = ['power', 'connection', 'other'] as const;
export type InterruptionCause = (typeof interruptionCauses)[number];

export type IncidentReporter = 'family' | 'tutor' | 'admin';

/**
 * The session statuses each report may start from (decision 271). An interruption: a lesson to come or under way
 * (scheduled), held (completed, also by the job after its end), or marked a family no-show by the tutor (the tutor
 * or an admin may correct the mark; a family may not overrule it). A tutor's absence: scheduled, completed or a
 * family no-show (the two sides disagree: the tutor disputes, an admin decides).
 */
export const reportableStatuses: Record<IncidentKind, Record<IncidentReporter, readonly string[]>> = {
  interruption: {
    family: ['scheduled', 'completed'],
    tutor: ['scheduled', 'completed', 'no_show'],
    admin: ['scheduled', 'completed', 'no_show'],
  },
  tutor_absent: {
    family: ['scheduled', 'completed', 'no_show'],
    tutor: [],
    admin: ['scheduled', 'completed', 'no_show'],
  },
};

export type ReportCheck = 'ok' | 'not_allowed' | 'not_started' | 'too_late' | 'wrong_status';

/** Whether `by` may report `kind` for a session with this status and times, now. */
export function mayReport(p: {
  kind: IncidentKind;
  by: IncidentReporter;
  status: string;
  startsAt: Date;
  endsAt: Date;
  now: Date;
}): ReportCheck {
  const allowed = reportableStatuses[p.kind][p.by];
  if (allowed.length === 0) return 'not_allowed';
  if (!allowed.includes(p.status)) return 'wrong_status';
  if (p.now.getTime() < p.startsAt.getTime()) return 'not_started';
  if (p.now.getTime() > reportDeadline(p.endsAt).getTime()) return 'too_late';
  return 'ok';
}

/** The last moment a report may be made: 24 hours after the lesson's end. */
export const reportDeadline = (endsAt: Date) => new Date(endsAt.getTime() + INCIDENT_REPORT_HOURS * HOUR_MS);

/** An incident's deadline: the make-up's (an interruption, 14 days) or the tutor's dispute (an absence, 48 hours). */
export function incidentDeadline(kind: IncidentKind, reportedAt: Date): Date {
  return new Date(
    reportedAt.getTime() +
      (kind === 'interruption' ? MAKEUP_WINDOW_DAYS * DAY_MS : DISPUTE_WINDOW_HOURS * HOUR_MS),
  );
}

/** A make-up may start after the lead time and no later than the interruption's deadline. */
export function makeupStartAllowed(p: { startsAt: Date; deadlineAt: Date; now: Date; leadHours: number }) {
  if (p.startsAt.getTime() < p.now.getTime() + p.leadHours * HOUR_MS) return 'too_soon' as const;
  if (p.startsAt.getTime() > p.deadlineAt.getTime()) return 'after_deadline' as const;
  return 'ok' as const;
}

/**
 * What ends an open incident and what it does (decision 271):
 * - an interruption's make-up booked → made_up (the make-up earns the lesson's price once it is held);
 * - an interruption with no make-up by its deadline → lapsed, the lesson's value back as credit;
 * - an absence not disputed by its deadline, or upheld by an admin → upheld: the lesson back as credit or refund
 *   (the family's choice when reporting), the tutor's earning reversed, the session cancelled;
 * - an absence dismissed by an admin → dismissed, nothing changes.
 */
export function dueOutcome(kind: IncidentKind, status: IncidentStatus): IncidentStatus | null {
  if (status !== 'open') return null;
  return kind === 'interruption' ? 'lapsed' : 'upheld';
}

/** Whether an incident's status still waits for something (a make-up, a dispute or the admin). */
export const incidentOpen = (status: string) => status === 'open' || status === 'disputed';

// ---------------------------------------------------------------------------------------------------------
// Texts

export const INCIDENT_NOTE_MAX = 1000;

export const incidentMessages = {
  absentFamilyOnly: 'Only the family or an administrator can report that the tutor did not come.',
  notStarted: 'A problem can be reported once the lesson has started.',
  tooLate: `A problem can be reported until ${INCIDENT_REPORT_HOURS} hours after the lesson ends.`,
  wrongStatus: (status: string) =>
    `A problem cannot be reported for a lesson that is ${status.replace('_', ' ')}.`,
  alreadyReported: 'A problem has already been reported for this lesson.',
  notInterrupted: 'This lesson has no make-up to book.',
  makeupBooked: 'The make-up for this lesson is already booked.',
  makeupTooLate: `The make-up must start within ${MAKEUP_WINDOW_DAYS} days of the report. Please pick an earlier time.`,
  noAbsence: 'No absence was reported for this lesson.',
  notYourAbsence: 'Only the session’s tutor can dispute this report.',
  disputeClosed: `An absence can be disputed only within ${DISPUTE_WINDOW_HOURS} hours of the report.`,
  notDisputed: 'Only a disputed report can be decided.',
  noteRequired: 'Please say what happened.',
  noteTooLong: `Please keep it under ${INCIDENT_NOTE_MAX} characters.`,
} as const;

export const incidentMessageCodes = codedMessages(incidentMessages, {
  prefix: 'incident_',
  params: { wrongStatus: ['status'] },
});

// ---------------------------------------------------------------------------------------------------------
// HTTP contracts

const note = z.string().trim().max(INCIDENT_NOTE_MAX, incidentMessages.noteTooLong);

export const interruptionBodySchema = z.object({
  cause: z.enum(interruptionCauses),
  note: note.default(''),
});
export type InterruptionBody = z.input<typeof interruptionBodySchema>;

export const tutorAbsentBodySchema = z.object({
  note: note.default(''),
  /** What the family gets back if the absence stands: credit (default) or a refund to the card. */
  outcome: z.enum(['credit', 'refund']).default('credit'),
});
export type TutorAbsentBody = z.input<typeof tutorAbsentBodySchema>;

export const disputeBodySchema = z.object({
  note: z
    .string({ error: incidentMessages.noteRequired })
    .trim()
    .min(1, incidentMessages.noteRequired)
    .max(INCIDENT_NOTE_MAX, incidentMessages.noteTooLong),
});
export type DisputeBody = z.input<typeof disputeBodySchema>;

export const incidentDecisionBodySchema = z.object({
  decision: z.enum(['uphold', 'dismiss']),
  note: note.default(''),
});
export type IncidentDecisionBody = z.input<typeof incidentDecisionBodySchema>;

export const makeupBodySchema = z.object({
  date: z.string({ error: 'Choose a date.' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD.'),
  time: z
    .string({ error: 'Choose a time.' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the time format HH:MM.'),
});
export type MakeupBody = z.input<typeof makeupBodySchema>;

export const incidentIdParamsSchema = z.object({ id: z.uuid() });

/** One incident as the session's screens and the admin's list show it. */
export const incidentViewSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  reservation_id: z.string(),
  kind: z.enum(['interruption', 'tutor_absent']),
  cause: z.string(),
  note: z.string(),
  status: z.enum(['open', 'disputed', 'upheld', 'made_up', 'dismissed', 'lapsed']),
  reported_by_role: z.string(),
  deadline_at: z.string(),
  dispute_note: z.string(),
  disputed_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  /** The administrator's note with a decision ('' when none). */
  resolution: z.string(),
  created_at: z.string(),
  session_starts_at: z.string(),
  session_ends_at: z.string(),
  duration_minutes: z.number().int(),
  tutor_id: z.number().int(),
  tutor_name: z.string(),
  student_name: z.string(),
  subject: z.string(),
  time_zone: z.string(),
  makeup_session_id: z.string().nullable(),
  makeup_starts_at: z.string().nullable(),
});
export type IncidentView = z.infer<typeof incidentViewSchema>;

export const incidentListSchema = z.object({ incidents: z.array(incidentViewSchema) });

/** The admin's report: per tutor and month, the counts; and the incidents of that month. */
export const incidentReportQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use the month format YYYY-MM.')
    .optional(),
});
export const incidentReportSchema = z.object({
  month: z.string(),
  tutors: z.array(
    z.object({
      tutor_id: z.number().int(),
      tutor_name: z.string(),
      interruptions: z.number().int(),
      absences: z.number().int(),
      disputed: z.number().int(),
    }),
  ),
  incidents: z.array(incidentViewSchema),
});
export type IncidentReport = z.infer<typeof incidentReportSchema>;

/** A lesson the reader may still report a problem with (started, ended at most 24 hours ago, no report yet). */
export const reportableSessionSchema = z.object({
  id: z.string(),
  reservation_id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.string(),
  tutor_id: z.number().int(),
  tutor_name: z.string(),
  student_name: z.string(),
  subject: z.string(),
  duration_minutes: z.number().int(),
  time_zone: z.string(),
});
export type ReportableSession = z.infer<typeof reportableSessionSchema>;

/** GET /api/bookings/incidents/mine/: a family's or a tutor's lessons to report and its reports. */
export const myIncidentsSchema = z.object({
  reportable: z.array(reportableSessionSchema),
  incidents: z.array(incidentViewSchema),
});
export type MyIncidents = z.infer<typeof myIncidentsSchema>;
