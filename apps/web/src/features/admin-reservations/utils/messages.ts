import { lifecycleMessages as life } from '@tibeb/domain/bookings/lifecycle-messages';
import { bookingMessages } from '@tibeb/domain/bookings/messages';
import { template, translateMessage, type Translate } from '../../../lib/translate-message.ts';

/** The lifecycle's answers that carry a value, as templates (their keys in locales/am/admin.json). */
const templates = [
  template(life.notCancellable, 'status'),
  template(life.notMovable, 'status'),
  template(life.insideNotice, 'hours'),
  template(life.tooSoon, 'hours'),
] as const;

/**
 * What the reservation screens can show from the server, for the locales checker: the lifecycle's answers to a
 * move or a cancel, the list's filter messages and the body checks (packages/domain, as the API sends them).
 */
export const reservationDynamicKeys: string[] = [
  ...templates,
  // A session's status inside 'This session cannot be moved: it is {{status}}.'.
  ...['cancelled', 'completed', 'no show', 'held'],
  ...[life.sessionNotFound, life.alreadyStarted, life.tutorAway, life.notInWindows, life.providerUnavailable],
  bookingMessages.slotTaken,
  // adminReservationListQuerySchema
  ...['Unknown status.', 'Use a date as YYYY-MM-DD.', 'The end of the range must not be before its start.'],
  // rescheduleSessionBodySchema, sessionIdParamsSchema
  ...['Choose a date.', 'Use the date format YYYY-MM-DD.', 'Choose a time.', 'Use the time format HH:MM.'],
  'Unknown session.',
];

/** A message of the reservation API in the interface's language (as sent when it is not known). */
export const translateAdminMessage = (t: Translate, message: string) =>
  translateMessage(t, message, templates);
