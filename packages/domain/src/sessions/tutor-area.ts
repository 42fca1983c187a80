import { z } from 'zod';
import { roomProviders } from './room.ts';

/** The online room as the areas see it: the address while open (15 minutes before to the end), else null. */
export const roomSchema = z.object({
  url: z.string().nullable(),
  audio_url: z.string().nullable(),
  opens_at: z.string(),
  provider: z.enum(roomProviders),
});
export type Room = z.infer<typeof roomSchema>;

/** One session of a tutor, with whom, the family's own zone ('' when the family has not chosen one), the room. */
export const tutorSessionSchema = z.object({
  id: z.string(),
  reservation_id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.string(),
  time_zone: z.string(),
  family_time_zone: z.string(),
  subject: z.string(),
  student_name: z.string(),
  student_grade: z.string(),
  guardian_name: z.string(),
  room: roomSchema,
  note: z.string().nullable(),
  marked_at: z.string().nullable(),
  /** Why a cancelled lesson was cancelled, as typed ('' otherwise; issue 31 item 2). */
  cancel_reason: z.string().default(''),
});
export type TutorSession = z.infer<typeof tutorSessionSchema>;

export const tutorOverviewSchema = z.object({
  tutor: z.object({ id: z.number().int(), full_name: z.string(), time_zone: z.string() }).nullable(),
  /** Monday to Sunday of the current week in the tutor's zone. */
  week_start: z.string(),
  week: z.array(tutorSessionSchema),
  next_session: tutorSessionSchema.nullable(),
  month: z.object({
    /** 'YYYY-MM' in the tutor's zone. */
    month: z.string(),
    sessions_held: z.number().int(),
    hours: z.number(),
    earnings_cents: z.number().int(),
    currency: z.string(),
  }),
  awaiting_attendance: z.array(tutorSessionSchema),
});
export type TutorOverview = z.infer<typeof tutorOverviewSchema>;

export const tutorSessionsQuerySchema = z.object({
  /** First day (YYYY-MM-DD, the tutor's zone); default: this week's Monday. */
  from: z.iso.date().optional(),
  days: z.coerce.number().int().min(1).max(42).default(7),
});
export type TutorSessionsQuery = z.input<typeof tutorSessionsQuerySchema>;

export const tutorSessionsSchema = z.object({
  from: z.string(),
  days: z.number().int(),
  time_zone: z.string(),
  sessions: z.array(tutorSessionSchema),
});
export type TutorSessions = z.infer<typeof tutorSessionsSchema>;

/** A student of the tutor (one per student name and family e-mail), with guardian contact and sessions. */
export const tutorStudentDetailSchema = z.object({
  student_name: z.string(),
  student_grade: z.string(),
  subject: z.string(),
  guardian_name: z.string(),
  guardian_email: z.string(),
  guardian_phone: z.string(),
  family_user_id: z.string().nullable(),
  next_session_at: z.string().nullable(),
  sessions_remaining: z.number().int(),
  sessions_held: z.number().int(),
  sessions: z.array(tutorSessionSchema),
});
export type TutorStudentDetail = z.infer<typeof tutorStudentDetailSchema>;

/** Monday (YYYY-MM-DD) of the week holding `date`. */
export function mondayOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** GET /api/tutor/students/. */
export const tutorStudentDetailListSchema = z.array(tutorStudentDetailSchema);
