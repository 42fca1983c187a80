import { toLocale, type Locale } from '@tibeb/domain/shared/locale';
import type { DbOrTx } from '../../platform/db/client.ts';
import { findUserById } from './accounts.repository.ts';

/**
 * How to write to a family about a booking (issue 18): in its account's language, else the booking's; times
 * beside EAT in the account's own zone, else the zone the booking's wizard sent ('' = neither: EAT only). One rule
 * for every module that e-mails a family.
 */
export type Recipient = { locale: Locale; timeZone: string };

export async function familyRecipient(
  db: DbOrTx,
  booking: { familyUserId: string | null; locale: string; familyTimeZone?: string },
): Promise<Recipient> {
  const account = booking.familyUserId ? await findUserById(db, booking.familyUserId) : undefined;
  return {
    locale: toLocale(account ? account.locale : booking.locale),
    timeZone: account?.timeZone || booking.familyTimeZone || '',
  };
}
