import { lifecycleMessages as life, skipReasons } from '@tibeb/domain/bookings/lifecycle-messages';
import { communicationLabels, familyMessages, renewalMessages } from '@tibeb/domain/family/contracts';
import { reviewMessages } from '@tibeb/domain/reviews/contracts';
import { template, translateMessage, type Translate } from '../../../lib/translate-message.ts';

/** The lifecycle's answers that carry a value, as templates (their keys in locales/am/family.json). */
export const familyMessageTemplates = [
  template(life.insideNotice, 'hours'),
  template(life.tooSoon, 'hours'),
  template(life.notCancellable, 'status'),
  template(life.notMovable, 'status'),
] as const;

/** A payment's state as the family's payment list names it (keys of 'family'). */
export const paymentStatusLabels: Record<string, string> = {
  paid: 'Paid',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};

/** A session's status inside a lifecycle answer ('This session cannot be moved: it is {{status}}.'). */
const sessionStatuses = ['scheduled', 'completed', 'cancelled', 'no show', 'held'];

const texts = (messages: object) => Object.values(messages).filter((m): m is string => typeof m === 'string');

/** The texts that reach `t()` of 'family' as values, for the locales checker (locales/locales.test.ts). */
export const familyDynamicKeys: string[] = [
  ...familyMessageTemplates,
  ...[life.sessionNotFound, life.notYours, life.alreadyStarted, life.tutorAway, life.notInWindows],
  life.providerUnavailable,
  // The password's messages are the account form's ('auth').
  ...[familyMessages.paymentNotFound, familyMessages.invalidTimeZone, familyMessages.invalidPreference],
  familyMessages.settingsSaved,
  ...texts(renewalMessages),
  ...texts(reviewMessages),
  ...Object.values(communicationLabels),
  ...Object.values(paymentStatusLabels),
  ...sessionStatuses,
  ...Object.values(skipReasons),
];

/** A family screen's message (the server's answer) in the interface's language. */
export const translateFamilyMessage = (t: Translate, message: string) =>
  translateMessage(t, message, familyMessageTemplates);
