import { z } from 'zod';
import { codedMessages } from '../shared/error-codes.ts';
import { moveRequestStatuses } from './statuses.ts';
import { MESSAGE_MAX_LENGTH } from '../messages/contracts.ts';
import { isOutsideNoticeWindow, rescheduleSessionBodySchema } from './lifecycle.ts';

/**
 * The tutor's side of changes (issue 31 item 6, decision 260): cancel or move one lesson or the rest of a series,
 * report sick for a day, ask the office. A tutor's change is never the family's fault: a cancelled lesson's value
 * goes back to the family as credit; a move inside the notice window is a request the family accepts or declines.
 */

/** The longest reason a tutor may give (the e-mails carry it). */
export const TUTOR_REASON_MAX = 500;
/** The longest message to the office: the one message limit (decision 264). */
export const OFFICE_MESSAGE_MAX = MESSAGE_MAX_LENGTH;

const reason = z
  .string({ error: 'Please give a reason.' })
  .trim()
  .min(1, 'Please give a reason.')
  .max(TUTOR_REASON_MAX, `At most ${TUTOR_REASON_MAX} characters.`);

const date = z
  .string({ error: 'Choose a date.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD.');

/** POST /api/tutor/sessions/{id}/cancel/: the lesson ('one') or it and every later one ('series'). */
export const tutorCancelBodySchema = z.object({
  scope: z.enum(['one', 'series']).default('one'),
  reason,
});
export type TutorCancelBody = z.input<typeof tutorCancelBodySchema>;

/** POST /api/tutor/sessions/{id}/move/: the lifecycle's move, with the reason both sides read. */
export const tutorMoveBodySchema = rescheduleSessionBodySchema.extend({ reason });
export type TutorMoveBody = z.input<typeof tutorMoveBodySchema>;

/** POST /api/tutor/sick-day/: every lesson of that day (the tutor's zone) is cancelled, its value credited. */
export const sickDayBodySchema = z.object({ date, reason });
export type SickDayBody = z.input<typeof sickDayBodySchema>;

/** POST /api/tutor/ask-office/: a message to the administrators, about some lessons or none. */
export const askOfficeBodySchema = z.object({
  message: z
    .string({ error: 'Please write your message.' })
    .trim()
    .min(1, 'Please write your message.')
    .max(OFFICE_MESSAGE_MAX, `At most ${OFFICE_MESSAGE_MAX} characters.`),
  session_ids: z.array(z.string().uuid('Unknown session.')).max(50).default([]),
});
export type AskOfficeBody = z.input<typeof askOfficeBodySchema>;

/** One lesson of a move request: from → to (instants). */
export const moveRequestSchema = z.object({
  id: z.string().describe('The request (its batch: every lesson of one move)'),
  status: z.enum(moveRequestStatuses),
  reason: z.string(),
  tutor_name: z.string(),
  student_name: z.string(),
  subject: z.string(),
  time_zone: z.string().describe("The tutor's zone"),
  family_time_zone: z.string(),
  created_at: z.string(),
  lessons: z.array(z.object({ session_id: z.string(), from: z.string(), to: z.string() })),
});
export type MoveRequest = z.infer<typeof moveRequestSchema>;
export const moveRequestListSchema = z.array(moveRequestSchema);

/** The tutor's move: done at once (outside the notice window), or asked of the family (inside it). */
export const tutorMoveResultSchema = z.object({
  outcome: z.enum(['moved', 'asked']),
  request: moveRequestSchema.nullable(),
});
export type TutorMoveResult = z.infer<typeof tutorMoveResultSchema>;

export const sickDayResultSchema = z.object({ cancelled: z.number().int() });
export const askOfficeResultSchema = z.object({ id: z.number().int() });

export const moveRequestIdParamsSchema = z.object({ id: z.string().uuid('Unknown request.') });

/**
 * Whether the tutor's move of a lesson starting at `startsAt` needs the family's consent: inside the notice window
 * the family has planned around the time, so it is asked; outside it, the move is made and both sides are told.
 */
export function tutorMoveNeedsConsent(startsAt: Date, now: Date, noticeHours: number): boolean {
  return !isOutsideNoticeWindow(startsAt, now, noticeHours);
}

/** A pending request stands until the first of its lessons starts; after that it has expired. */
export function moveRequestExpired(firstStartsAt: Date, now: Date): boolean {
  return firstStartsAt.getTime() <= now.getTime();
}

/** What the tutor's changes answer (codes: shared/error-codes.ts). */
export const tutorChangeMessages = {
  notYourLesson: 'This lesson belongs to another tutor.',
  requestNotFound: 'Move request not found.',
  requestClosed: (status: string) => `This move request is no longer open: it is ${status}.`,
  requestExpired: 'This move request has expired: the lesson has started.',
  alreadyAsked: 'A move of this lesson is already waiting for the family’s answer. Withdraw it first.',
  timeGone:
    'That time is no longer free, so the lesson stays where it was. Please ask your tutor for another time.',
  officeBusy: 'You have written to the office several times this hour. Please wait for an answer.',
} as const;

export const tutorChangeMessageCodes = codedMessages(tutorChangeMessages, {
  prefix: 'tutor_change_',
  params: { requestClosed: ['status'] },
});
