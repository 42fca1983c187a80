import { z } from 'zod';

/** The admin dashboard's counts (GET /api/admin/dashboard/). */
export const adminDashboardSchema = z.object({
  users: z.number().int(),
  tutors: z.number().int(),
  reservations: z.number().int(),
  confirmed_reservations: z.number().int(),
  upcoming_sessions: z.number().int(),
  revenue: z.number(),
  revenue_cents: z.number().int(),
  currency: z.literal('USD'),
  /**
   * Lesson rooms (decision 267): `jitsi` when the platform signs Jitsi rooms, else `tutor_links` (only tutors' own
   * meeting links), with how many active published tutors then have no room for their lessons.
   */
  lesson_rooms: z.object({
    provider: z.enum(['jitsi', 'tutor_links']),
    tutors_without_room: z.number().int(),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
