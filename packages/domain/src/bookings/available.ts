import { z } from 'zod';

/**
 * GET /api/reservations/available/ as every client asks it: one request and one answer contract for the booking
 * wizard's calendar, the family's reschedule dialog and the admin's move tool (the web's features may not import
 * each other, so they share this). Clients only ever offer times still bookable: `only_future` is always sent,
 * so the server leaves out the past and the lead time (an answer without it offers times the server then
 * refuses).
 */
export const availablePath = '/reservations/available/';
/** The same answer for a subject's tutors together (the wizard's "book by subject"). */
export const availableBySubjectPath = '/reservations/available-by-subject/';

export type AvailableParams = {
  tutorId: number;
  year: number;
  /** 1–12. */
  month: number;
  durationMinutes: number;
};

/** The query string of /available/: what `availableQuerySchema` (payload.ts) reads on the server. */
export type AvailableQuery = {
  tutor_id: number;
  year: number;
  month: number;
  duration_minutes: number;
  only_future: '1';
};

export function availableQuery({ tutorId, year, month, durationMinutes }: AvailableParams): AvailableQuery {
  return { tutor_id: tutorId, year, month, duration_minutes: durationMinutes, only_future: '1' };
}

/** The query string of /available-by-subject/: what `availableBySubjectQuerySchema` reads. */
export type AvailableBySubjectQuery = Omit<AvailableQuery, 'tutor_id'> & { subject: string };

export function availableBySubjectQuery({
  subject,
  year,
  month,
  durationMinutes,
}: Omit<AvailableParams, 'tutorId'> & { subject: string }): AvailableBySubjectQuery {
  return { subject, year, month, duration_minutes: durationMinutes, only_future: '1' };
}

/** The year and month (1–12) of a 'YYYY-MM-DD' date: the month whose availability holds that date. */
export function monthOfDate(date: string): { year: number; month: number } {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return { year, month };
}

const dateKey = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD.');
const startTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A start time is HH:MM.');

/**
 * The answer of /available/ and /available-by-subject/ as clients read it: every date of the month
 * ('YYYY-MM-DD', the tutor's wall clock) → its free start times ('HH:MM'), empty lists included. The same shape
 * as `availableResponseSchema` (the route's), with the keys and times checked.
 */
export const availableAnswerSchema = z.object({ available: z.record(dateKey, z.array(startTime)) });
export type AvailableAnswer = z.infer<typeof availableAnswerSchema>;

/** The free start times of one date of an answer (none when the date is not in it). */
export const freeTimesOn = (answer: AvailableAnswer, date: string): string[] => answer.available[date] ?? [];
