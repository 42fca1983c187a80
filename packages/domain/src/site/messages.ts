import { codedMessages } from '../shared/error-codes.ts';

/** The marketing site's user-facing texts (spec §2, §4, §5, §8), in one place for the web app and the API. */
export const siteMessages = {
  // Offers carousel (spec §8): logged, and the section is hidden.
  offersLoadFailed: 'Failed to load offers',
  // Contact form (spec §4, §8).
  contactSending: 'Sending...',
  contactSend: 'Send Message',
  contactSuccess: '🎉 Your message has been sent successfully!',
  contactFailure: '❌ Failed to send message. Please try again.',
  contactNameRequired: 'Name is required.',
  contactEmailInvalid: 'Enter a valid email address.',
  contactMessageRequired: 'Message is required.',
  contactRateLimited:
    'You have sent several messages in a short time. Please wait a few minutes and try again.',
  // Newsletter (spec §5: e-mail required and of e-mail type).
  newsletterEmailRequired: 'Email is required.',
  newsletterEmailInvalid: 'Enter a valid email address.',
  newsletterSubscribed: 'Thank you for subscribing! Check your inbox for a confirmation.',
  newsletterAlreadySubscribed: 'You are already subscribed. Thank you!',
  newsletterFailed: 'Could not subscribe. Please try again.',
  newsletterUnsubscribed: 'You have been unsubscribed. You will not receive our newsletter any more.',
  newsletterUnsubscribeInvalid: 'This unsubscribe link is invalid or has already been used.',
} as const;

/** Their codes (shared/error-codes.ts): `contact_rate_limited`, `newsletter_unsubscribe_invalid`, … */
export const siteMessageCodes = codedMessages(siteMessages, {
  // The pages' own labels: never an answer of the API.
  skip: ['offersLoadFailed', 'contactSending', 'contactSend'],
});

/** Carousel and pagination constants (spec §9). */
export const siteLimits = {
  offersIntervalMs: 4000,
  offersFadeMs: 500,
  offersPerView: 2,
  testimonialsPerPage: 3,
  contactMaxPerWindow: 5,
  contactWindowMs: 10 * 60 * 1000,
  nameMaxLength: 120,
  emailMaxLength: 254,
  messageMaxLength: 5000,
} as const;

/** The product's name, used where the spec's legal text has placeholders. */
export const siteName = 'Tibeb Tutoring';

/**
 * Under the admin's offer form (decision 254): the home page may not promise a price or a discount that
 * checkout does not apply. Discount rules (first lesson, siblings) are not built yet.
 */
export const offerHonestyHelp =
  'An offer must not promise a price or a discount that checkout does not apply: families are charged the price shown at checkout.';
