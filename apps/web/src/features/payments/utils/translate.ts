import { paymentMessages } from '@tibeb/domain/payments/messages';
import { template, translateMessage, type Translate } from '../../../lib/translate-message.ts';

/** The payment messages that carry a value, as templates (their keys in locales/am/payments.json). */
export const paymentMessageTemplates = [template(paymentMessages.noCheckoutUrl, 'provider')] as const;

/** A payment page's message (the domain's or the server's answer) in the interface's language. */
export const translatePaymentMessage = (t: Translate, message: string) =>
  translateMessage(t, message, paymentMessageTemplates);
