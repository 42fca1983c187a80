import { reservationApiMessages as api } from '@tibeb/domain/bookings/api-messages';
import { guardianRelationships } from '@tibeb/domain/bookings/form';
import { skipReasons } from '@tibeb/domain/bookings/lifecycle-messages';
import { bookingMessages, gradeOptions, weekdayNames } from '@tibeb/domain/bookings/messages';
import { template, translateMessage, type Problem, type Translate } from '../../../lib/translate-message.ts';

/**
 * The texts with a value the wizard shows, as templates (their keys in locales/am/booking.json): its own, and the
 * body check's field errors. The API's error answers are translated by their code ('errors').
 */
export const bookingMessageTemplates = [
  template(bookingMessages.noTimesForDay, 'day'),
  template(api.tooLong, 'max'),
  template(api.unknownDay, 'day'),
] as const;

const texts = (messages: object) => Object.values(messages).filter((m): m is string => typeof m === 'string');

/** The texts that reach `t()` of 'booking' as values, for the locales checker (locales/locales.test.ts). */
export const bookingDynamicKeys: string[] = [
  ...texts(bookingMessages),
  ...bookingMessageTemplates,
  ...Object.values(weekdayNames),
  // The calendar's column headings.
  ...Object.values(weekdayNames).map((day) => day.slice(0, 3)),
  ...gradeOptions,
  ...guardianRelationships,
  ...Object.values(skipReasons),
  ...texts(api),
];

/**
 * A wizard message (the domain's rules, a field error, or the server's answer by its code) in the interface's
 * language. The `currency` field's messages (currencyMessages) are keys of the 'chapa' namespace: looked up there
 * after 'booking', so they are translated once.
 */
export const translateBookingMessage = (t: Translate, message: Problem) =>
  translateMessage(
    (key, options) => t(key, { ns: ['booking', 'chapa'], ...options }),
    message,
    bookingMessageTemplates,
  );
