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
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
