/**
 * The booking policy's defaults (GET/PUT /api/admin/settings/ → `policy`), apart from its contract so that a
 * page stating them (the landing page's "How it works") does not load zod with them (decision 245).
 */
export const bookingPolicyDefaults = {
  hold_minutes: 30,
  lead_time_hours: 2,
  cancellation_notice_hours: 12,
  weeks_per_payment: 4,
} as const;
