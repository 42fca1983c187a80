import { accountMessageCodes } from '../accounts/messages.ts';
import { adminMessageCodes } from '../admin/messages.ts';
import { offerOrderMessageCodes } from '../admin/offers.ts';
import { openRefundMessageCodes } from '../admin/refunds.ts';
import { blogMessageCodes } from '../blog/messages.ts';
import { reservationApiMessageCodes } from '../bookings/api-messages.ts';
import { lifecycleMessageCodes } from '../bookings/lifecycle-messages.ts';
import { progressNoteMessageCodes } from '../bookings/progress-notes.ts';
import { tutorChangeMessageCodes } from '../bookings/tutor-changes.ts';
import { substitutionMessageCodes } from '../bookings/substitution.ts';
import { trialMessageCodes } from '../bookings/trial.ts';
import { incidentMessageCodes } from '../bookings/incidents.ts';
import { bookingMessageCodes } from '../bookings/messages.ts';
import { familyMessageCodes, renewalMessageCodes } from '../family/contracts.ts';
import { messageTextCodes } from '../messages/texts.ts';
import { attachmentMessageCodes } from '../messages/attachments.ts';
import { homeworkMessageCodes } from '../homework/contracts.ts';
import { currencyMessageCodes } from '../payments/currency.ts';
import { paymentMessageCodes } from '../payments/messages.ts';
import { reviewMessageCodes } from '../reviews/contracts.ts';
import { calendarFeedMessageCodes } from '../sessions/calendar-feed.ts';
import type { CodedMessage } from '../shared/error-codes.ts';
import { fieldMessageCodes } from '../shared/field-messages.ts';
import { httpMessageCodes } from '../shared/http-messages.ts';
import { siteMessageCodes } from '../site/messages.ts';
import { tutorProfileMessageCodes } from '../tutors/profile.ts';
import { publishingMessageCodes } from '../tutors/publishing.ts';
import { tutorFieldMessageCodes } from '../tutors/field-messages.ts';
import { uploadMessageCodes } from '../uploads/contracts.ts';

/**
 * Every coded message the API can answer with (shared/error-codes.ts). A text found in two tables takes the code
 * of the first (the same text reads the same in every language); a code has one text (errors/catalog.test.ts).
 */
export const errorCatalog: readonly CodedMessage[] = [
  ...httpMessageCodes,
  ...fieldMessageCodes,
  ...accountMessageCodes,
  ...bookingMessageCodes,
  ...reservationApiMessageCodes,
  ...lifecycleMessageCodes,
  ...progressNoteMessageCodes,
  ...tutorChangeMessageCodes,
  ...substitutionMessageCodes,
  ...trialMessageCodes,
  ...incidentMessageCodes,
  ...paymentMessageCodes,
  ...currencyMessageCodes,
  ...familyMessageCodes,
  ...renewalMessageCodes,
  ...reviewMessageCodes,
  ...tutorProfileMessageCodes,
  ...publishingMessageCodes,
  ...tutorFieldMessageCodes,
  ...calendarFeedMessageCodes,
  ...messageTextCodes,
  ...attachmentMessageCodes,
  ...homeworkMessageCodes,
  ...blogMessageCodes,
  ...siteMessageCodes,
  ...uploadMessageCodes,
  ...offerOrderMessageCodes,
  ...openRefundMessageCodes,
  ...adminMessageCodes,
];
