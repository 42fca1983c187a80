import { reservationApiMessages as api } from '@tibeb/domain/bookings/api-messages';
import { lifecycleMessages as life } from '@tibeb/domain/bookings/lifecycle-messages';
import { bookingMessages } from '@tibeb/domain/bookings/messages';
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

/** A wizard message (the domain's rules or the server's answer) in the interface's language. */
export const translateBookingMessage = (t: Translate, message: string) =>
  translateMessage(t, message, bookingMessageTemplates);
