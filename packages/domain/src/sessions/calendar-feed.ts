import { z } from 'zod';

/**
 * GET, POST (a new secret address) and DELETE (revoked) /api/{tutor|student}/calendar-token/: the account's
 * calendar feed address, or null when it has none.
 */
export const calendarFeedAddressSchema = z.object({ url: z.string().nullable() });
export type CalendarFeedAddress = z.infer<typeof calendarFeedAddressSchema>;
