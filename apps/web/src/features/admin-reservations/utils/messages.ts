import { ApiError } from '../../../lib/api-client.ts';

/**
 * What the reservation screens show from the server as values, for the locales checker: the field errors of the
 * list's filters and of the body checks (packages/domain, as the API sends them). Their error answers are
 * translated by their code ('errors').
 */
export const reservationDynamicKeys: string[] = [
  // adminReservationListQuerySchema
  ...['Unknown status.', 'Use a date as YYYY-MM-DD.', 'The end of the range must not be before its start.'],
  // rescheduleSessionBodySchema, sessionIdParamsSchema
  ...['Choose a date.', 'Use the date format YYYY-MM-DD.', 'Choose a time.', 'Use the time format HH:MM.'],
  'Unknown session.',
];

/** A body check's field messages (an `invalid_input` answer names only the first); other answers say it all. */
export const checkMessages = (error: unknown): string[] =>
  error instanceof ApiError && error.code === 'invalid_input' ? Object.values(error.fieldErrors).flat() : [];
