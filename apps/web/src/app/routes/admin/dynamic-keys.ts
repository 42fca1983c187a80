import { adminPaymentListMessages } from '@tibeb/domain/admin/payments';
import { offerOrderMessages } from '@tibeb/domain/admin/offers';
import { bookingPolicyLabels } from '@tibeb/domain/bookings/lifecycle';
import { paymentMessages } from '@tibeb/domain/payments/messages';
import { reportMessages } from '@tibeb/domain/reports/contracts';
import { MAP_EMBED_PREFIX } from '@tibeb/domain/site/contracts';
import { uploadMessages } from '@tibeb/domain/uploads/contracts';
import { reservationDynamicKeys } from '../../../features/admin-reservations/utils/messages.ts';

/**
 * The texts that reach `t()` of 'admin' as values, for the locales checker (locales/locales.test.ts): the
 * booking policy's labels, and what the admin API answers (its zod checks and service messages, as
 * packages/domain and the API write them), shown through `t(message)`. A message not listed here is shown as
 * sent. The account messages of the users and profile screens are the sign-in pages' ('auth').
 */
export const adminDynamicKeys: string[] = [
  ...Object.values(bookingPolicyLabels).flatMap((p) => [p.label, p.help]),
  ...reservationDynamicKeys,
  // Settings: site contracts and the booking policy's checks.
  ...['Enter a valid email address.', `Use an OpenStreetMap embed address (${MAP_EMBED_PREFIX}?…).`],
  'Site name is required.',
  ...['Whole minutes, please.', 'Hold at least 5 minutes.', 'Hold at most 1,440 minutes (a day).'],
  ...['Whole hours, please.', 'The lead time cannot be negative.', 'At most 336 hours (two weeks).'],
  ...['The notice cannot be negative.', 'Whole weeks, please.', 'At least one week per payment.'],
  'At most 12 weeks per payment.',
  // Offers.
  ...['Title is required.', 'Title must be at most 120 characters.', 'Description is required.'],
  ...['Description must be at most 600 characters.', 'Offer not found.', offerOrderMessages.mismatch],
  ...['Give the offers in their new order.', 'Each offer may appear only once.'],
  // Blog posts, categories and tags, and the cover upload.
  ...[
    'At most 200 characters.',
    'Body is required.',
    'At most 100000 characters.',
    'At most 500 characters.',
  ],
  ...['Name is required.', 'At most 80 characters.', 'Use lowercase letters, digits and dashes.'],
  ...['A post with this slug already exists.', 'A category with this slug already exists.'],
  ...['A tag with this slug already exists.', 'This slug is already taken.'],
  ...[
    'Enter a slug: the title has no letters or digits.',
    'Enter a slug: the name has no letters or digits.',
  ],
  ...['Unknown category.', 'Unknown tag.', 'Post not found.', 'Category not found.', 'Tag not found.'],
  ...Object.values(uploadMessages),
  // My Profile (its account messages are 'auth').
  'At most 150 characters.',
  // Reports and the payments ledger's filters.
  ...Object.values(reportMessages),
  ...Object.values(adminPaymentListMessages),
  'Search text must be at most 200 characters.',
  // Refunds.
  ...[paymentMessages.refundTooLarge, paymentMessages.refundNotAllowed, paymentMessages.paymentNotFound],
  'The refund must be more than zero.',
  'The provider has not reported this payment yet; try again in a minute.',
];
