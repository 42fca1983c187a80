import { skipReasons } from '@tibeb/domain/bookings/lifecycle-messages';
import { communicationLabels, familyMessages, renewalMessages } from '@tibeb/domain/family/contracts';
import { reviewMessages } from '@tibeb/domain/reviews/contracts';

/** A payment's state as the family's payment list names it (keys of 'family'). */
export const paymentStatusLabels: Record<string, string> = {
  paid: 'Paid',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};

const texts = (messages: object) => Object.values(messages).filter((m): m is string => typeof m === 'string');

/**
 * The texts that reach `t()` of 'family' as values, for the locales checker (locales/locales.test.ts): field
 * errors and what the API sends as data (a renewal offer's problem and notice, a skipped session's reason). Its
 * error answers are translated by their code ('errors').
 */
export const familyDynamicKeys: string[] = [
  // The password's messages are the account form's ('auth').
  ...[familyMessages.invalidTimeZone, familyMessages.invalidPreference],
  familyMessages.settingsSaved,
  ...texts(renewalMessages),
  ...texts(reviewMessages),
  ...Object.values(communicationLabels),
  ...Object.values(paymentStatusLabels),
  ...Object.values(skipReasons),
];
