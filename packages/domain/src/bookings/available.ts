import { z } from 'zod';
import { weekdayCodes, type WeekdayCode } from './messages.ts';
import { availableBySubjectQuerySchema, availableResponseSchema } from './payload.ts';
import { isGridTime, isValidDate, weekdayOf } from './slots.ts';

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
  /**
   * A move tool's lesson (decision 261): its own time is not busy for it, so it can shift by 30 minutes. Every
   * move dialog (admin, family, tutor) sends the lesson it moves.
   */
  exceptSessionId?: string | undefined;
};

/** The query string of /available/: what `availableQuerySchema` (payload.ts) reads on the server. */
export type AvailableQuery = {
  tutor_id: number;
  year: number;
  month: number;
  duration_minutes: number;
  only_future: '1';
  except_session?: string;
};

export function availableQuery({
  tutorId,
  year,
  month,
  durationMinutes,
  exceptSessionId,
}: AvailableParams): AvailableQuery {
  const q: AvailableQuery = {
    tutor_id: tutorId,
    year,
    month,
    duration_minutes: durationMinutes,
    only_future: '1',
  };
  if (exceptSessionId) q.except_session = exceptSessionId;
  return q;
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

/**
 * Book by subject with one tutor (decision 249): once the first date and its time are chosen, the query also
 * carries them and the other days' times chosen so far (`days_times=sat:08:00,tue:16:00`), and the answer adds
 * `plan`: per weekday, the start times at which one tutor of the subject is free for every session of the plan
 * with that day at that time (4 weeks, days off, the lead time), each with the tutor who would teach it; and the
 * tutor for the times chosen so far (null: none is free for all of them).
 */
export type PlanChoice = { date: string; daysTimes: Partial<Record<WeekdayCode, string>> };

/** `sat:08:00,tue:16:00` ↔ { sat: '08:00', tue: '16:00' } (weekdays in week order). */
export function daysTimesParam(daysTimes: Partial<Record<WeekdayCode, string>>): string {
  return weekdayCodes
    .filter((d) => daysTimes[d])
    .map((d) => `${d}:${daysTimes[d]}`)
    .join(',');
}

/** The chosen days and times of a `days_times` parameter; null when any part is not a weekday and a grid time. */
export function parseDaysTimesParam(text: string): Partial<Record<WeekdayCode, string>> | null {
  const out: Partial<Record<WeekdayCode, string>> = {};
  for (const part of text.split(',').filter((p) => p.trim())) {
    const at = part.indexOf(':');
    const day = part.slice(0, at).trim() as WeekdayCode;
    const time = part.slice(at + 1).trim();
    if (at < 0 || !weekdayCodes.includes(day) || !isGridTime(time) || out[day]) return null;
    out[day] = time;
  }
  return out;
}

const planDaysTimesMessage = "days_times is a list such as sat:08:00,tue:16:00, with the first date's day.";

/** The query of /available-by-subject/ with the plan chosen so far (both or neither of `date`, `days_times`). */
export const availableBySubjectPlanQuerySchema = availableBySubjectQuerySchema
  .extend({
    date: z
      .string()
      .refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && isValidDate(d), 'Enter a real date as YYYY-MM-DD.')
      .optional(),
    days_times: z.string().max(200).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.date === undefined && q.days_times === undefined) return;
    const chosen = q.days_times === undefined ? null : parseDaysTimesParam(q.days_times);
    if (q.date === undefined || !chosen || !chosen[weekdayOf(q.date)])
      ctx.addIssue({ code: 'custom', path: ['days_times'], message: planDaysTimesMessage });
  });

/** The plan part of the query (none when only the month is asked). */
export function planChoiceOf(q: {
  date?: string | undefined;
  days_times?: string | undefined;
}): PlanChoice | null {
  if (q.date === undefined || q.days_times === undefined) return null;
  const daysTimes = parseDaysTimesParam(q.days_times);
  return daysTimes ? { date: q.date, daysTimes } : null;
}

const planTutorSchema = z.object({ id: z.number().int(), full_name: z.string() });
export const subjectPlanSchema = z.object({
  date: z.string(),
  /** The tutor free for every session of the times chosen so far; null: none is. */
  tutor: planTutorSchema.nullable(),
  /** Weekday → the start times one tutor is free for with the other chosen times, and who. */
  times: z.record(z.string(), z.array(z.object({ time: z.string(), tutor: planTutorSchema }))),
});
export type SubjectPlan = z.infer<typeof subjectPlanSchema>;

/** The answer of /available-by-subject/: the month (the spec's), and `plan` when the query carried one. */
export const availableBySubjectResponseSchema = availableResponseSchema.extend({
  plan: subjectPlanSchema.optional(),
});
export const availableBySubjectAnswerSchema = availableAnswerSchema.extend({
  plan: subjectPlanSchema.optional(),
});
export type AvailableBySubjectAnswer = z.infer<typeof availableBySubjectAnswerSchema>;

/** The query string of /available-by-subject/ with the plan chosen so far. */
export function availableBySubjectPlanQuery(
  params: Omit<AvailableParams, 'tutorId'> & { subject: string },
  choice: PlanChoice,
): AvailableBySubjectQuery & { date: string; days_times: string } {
  return {
    ...availableBySubjectQuery(params),
    date: choice.date,
    days_times: daysTimesParam(choice.daysTimes),
  };
}
