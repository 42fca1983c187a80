import { codedMessages } from '../shared/error-codes.ts';

/** Answers of the admin's catalog and content screens that no feature's table holds. */
export const adminMessages = {
  offerNotFound: 'Offer not found.',
  commentNotFound: 'Comment not found.',
  categoryNotFound: 'Category not found.',
  tagNotFound: 'Tag not found.',
  contactMessageNotFound: 'Message not found.',
  subjectSlugTaken: 'A subject with this slug already exists.',
  tutorProfileExists: 'That account already has a tutor profile.',
  recordExists: 'That record already exists.',
  outboxMailNotFound: 'E-mail not found.',
  outboxMailAlreadySent: 'This e-mail was already sent; there is nothing to resend.',
} as const;

/** Their codes (shared/error-codes.ts): `offer_not_found`, `subject_slug_taken`, … */
export const adminMessageCodes = codedMessages(adminMessages);
