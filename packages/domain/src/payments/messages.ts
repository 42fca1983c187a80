import { codedMessages } from '../shared/error-codes.ts';

/** The payment pages' and the payments API's user-facing texts (spec §2, §5, §8), in one place. */
export const paymentMessages = {
  // Payment page (spec §2 "Payment pages", §5 "Payment", §8).
  paySecurely: 'Pay Securely',
  back: 'Back',
  incompleteDetails: 'Please complete all payment details',
  genericError: 'Something went wrong while processing payment.',
  /** Spec §8: 'Failed to retrieve {provider} checkout URL.', the provider being the card payment provider. */
  noCheckoutUrl: (provider = 'Stripe') => `Failed to retrieve ${provider} checkout URL.`,
  // Success and cancel pages (spec §2).
  successTitle: 'Payment Successful!',
  successBody: 'Thank you for your payment. Your session is now confirmed.',
  backToHome: 'Back to Home',
  cancelTitle: 'Payment Cancelled',
  cancelBody: 'You cancelled the payment. If this was a mistake, you can try again below.',
  tryAgain: 'Try Again',
  // Server answers (DESIGN §1.3, §1.4).
  amountMismatch: 'The amount does not match the reservation.',
  notAwaitingPayment: 'This reservation is no longer awaiting payment.',
  reservationNotFound: 'Reservation not found.',
  paymentNotFound: 'Payment not found.',
  refundTooLarge: 'The refund is more than the amount left on this payment.',
  refundNotAllowed: 'Only a paid payment can be refunded.',
  badSignature: 'Invalid webhook signature.',
  // An administrator's refund of a payment.
  refundNotReported: 'The provider has not reported this payment yet; try again in a minute.',
  paymentProviderMissing: (provider: string) =>
    `This payment was made with ${provider}, which is not configured.`,
  refundSessionsForeign: 'These sessions are not part of this payment.',
  // The demo provider's hosted page (DESIGN §1.8).
  demoLabel: 'Demo payment — no card is charged',
} as const;

/** Their codes (shared/error-codes.ts): `amount_mismatch`, `not_awaiting_payment`, `bad_signature`, … */
export const paymentMessageCodes = codedMessages(paymentMessages, {
  params: { noCheckoutUrl: ['provider'], paymentProviderMissing: ['provider'] },
  // The pages' own labels: never an answer of the API.
  skip: [
    'paySecurely',
    'back',
    'successTitle',
    'successBody',
    'backToHome',
    'cancelTitle',
    'cancelBody',
    'tryAgain',
    'demoLabel',
  ],
});

/** The card payment provider's name as the pages show it. */
export const cardProviderName = 'Stripe';
