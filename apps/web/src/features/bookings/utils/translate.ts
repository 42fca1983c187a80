import { reservationApiMessages as api } from '@tibeb/domain/bookings/api-messages';
import { guardianRelationships } from '@tibeb/domain/bookings/form';
import { lifecycleMessages as life, skipReasons } from '@tibeb/domain/bookings/lifecycle-messages';
import { bookingMessages, gradeOptions, weekdayNames } from '@tibeb/domain/bookings/messages';
import { template, translateMessage, type Translate } from '../../../lib/translate-message.ts';

/** The reservation API's messages that carry a value, as templates (their keys in locales/am/booking.json). */
export const bookingMessageTemplates = [
  template(bookingMessages.noTimesForDay, 'day'),
  template(api.tooSoon, 'hours'),
  template(api.dayTimeUnavailable, 'day', 'time'),
  template(api.tooLong, 'max'),
  template(api.unknownDay, 'day'),
  template(life.holdLimitEmail, 'limit'),
  template(life.holdLimitAddress, 'limit'),
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
  life.providerUnavailable,
];

/**
 * A wizard message (the domain's rules or the server's answer) in the interface's language. The server's
 * refusals of birr (currencyMessages: birr switched off or not priced between preview and booking) are the
 * 'chapa' namespace's keys: looked up there after 'booking', so they are translated once.
 */
export const translateBookingMessage = (t: Translate, message: string) =>
  translateMessage(
    (key, options) => t(key, { ns: ['booking', 'chapa'], ...options }),
    message,
    bookingMessageTemplates,
  );
