import { z } from 'zod';

/** A planned session as the signed-in areas list it: instants in ISO, plus who and what. */
export const areaSessionSchema = z.object({
  id: z.string(),
  reservation_id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.string(),
  time_zone: z.string(),
  subject: z.string(),
  student_name: z.string(),
  tutor_id: z.number().int(),
  tutor_name: z.string(),
});
export type AreaSession = z.infer<typeof areaSessionSchema>;

export const adminDashboardSchema = z.object({
  users: z.number().int(),
  tutors: z.number().int(),
  reservations: z.number().int(),
  confirmed_reservations: z.number().int(),
  upcoming_sessions: z.number().int(),
  revenue: z.number(),
  revenue_cents: z.number().int(),
  currency: z.literal('USD'),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const tutorDashboardSchema = z.object({
  tutor: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  students: z.number().int(),
  sessions_this_week: z.number().int(),
  upcoming_sessions: z.array(areaSessionSchema),
});
export type TutorDashboard = z.infer<typeof tutorDashboardSchema>;

export const studentDashboardSchema = z.object({
  reservations: z.number().int(),
  completed_sessions: z.number().int(),
  upcoming_sessions: z.array(areaSessionSchema),
});
export type StudentDashboard = z.infer<typeof studentDashboardSchema>;

export const tutorStudentSchema = z.object({
  student_name: z.string(),
  student_grade: z.string(),
  subject: z.string(),
  guardian_name: z.string(),
  guardian_email: z.string(),
  next_session_at: z.string().nullable(),
  sessions_remaining: z.number().int(),
});
export type TutorStudent = z.infer<typeof tutorStudentSchema>;

export const studentTutorSchema = z.object({
  tutor_id: z.number().int(),
  full_name: z.string(),
  subject: z.string(),
  profile_image: z.string(),
  next_session_at: z.string().nullable(),
});
export type StudentTutor = z.infer<typeof studentTutorSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  with_name: z.string(),
  last_message: z.string(),
  last_message_at: z.string().nullable(),
  unread: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const progressSchema = z.object({
  completed_sessions: z.number().int(),
  upcoming_sessions: z.number().int(),
  notes: z.array(
    z.object({ id: z.string(), tutor_name: z.string(), note: z.string(), created_at: z.string() }),
  ),
});
export type Progress = z.infer<typeof progressSchema>;
