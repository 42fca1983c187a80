import { z } from 'zod';
import { codedMessages } from '../shared/error-codes.ts';

/**
 * GET, POST (a new secret address) and DELETE (revoked) /api/{tutor|student}/calendar-token/: the account's
 * calendar feed address, or null when it has none.
 */
export const calendarFeedAddressSchema = z.object({ url: z.string().nullable() });
export type CalendarFeedAddress = z.infer<typeof calendarFeedAddressSchema>;

/** The feed's and its address's answers. */
export const calendarFeedMessages = {
  notFound: 'Calendar not found.',
  accountNotFound: 'Account not found.',
} as const;

/** Their codes (shared/error-codes.ts): `calendar_not_found`, `calendar_account_not_found`. */
export const calendarFeedMessageCodes = codedMessages(calendarFeedMessages, { prefix: 'calendar_' });
