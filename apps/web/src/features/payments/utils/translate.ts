import { skipReasons } from '@tibeb/domain/bookings/lifecycle-messages';
import { paymentMessages as m } from '@tibeb/domain/payments/messages';
import { template, translateMessage, type Problem, type Translate } from '../../../lib/translate-message.ts';

/** The page's own messages that carry a value, as templates (their keys in locales/am/payments.json). */
export const paymentMessageTemplates = [template(m.noCheckoutUrl, 'provider')] as const;

/** How an unpaid payment ended, in the sentence 'This payment was …' (keys of 'payments'). */
export const notCompleted: Record<string, string> = {
  failed: 'declined',
  expired: 'expired',
  cancelled: 'cancelled',
};

/** The texts that reach `t()` of 'payments' as values, for the locales checker (locales/locales.test.ts). */
export const paymentDynamicKeys: string[] = [
  ...[m.paySecurely, m.back, m.incompleteDetails, m.genericError, m.successTitle, m.successBody],
  ...[m.backToHome, m.cancelTitle, m.cancelBody, m.tryAgain],
  ...paymentMessageTemplates,
  ...Object.values(notCompleted),
  ...Object.values(skipReasons),
];

/** A payment page's message (the domain's, or the server's answer by its code) in the interface's language. */
export const translatePaymentMessage = (t: Translate, message: Problem) =>
  translateMessage(t, message, paymentMessageTemplates);
