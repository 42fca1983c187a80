import { toLocale } from '@tibeb/domain/shared/locale';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { findUserByEmail, insertUser, uniqueViolation } from './accounts.repository.ts';

/**
 * The family account for a paid booking (DESIGN §1.9, issue 12 §5), moved out of payments. A booking is
 * linked only to an account whose e-mail is verified; an unverified or non-family account with the e-mail is
 * left alone (a squatter must not see a child's lessons). With no account at all, one is created without a
 * password and unverified: its set-password link verifies the address and links the e-mail's reservations.
 */
export type FamilyAccount = {
  /** The account to link the reservation to now (verified family accounts only). */
  linkUserId: string | null;
  /** An account made by this payment: it gets the set-password e-mail. */
  createdUserId: string | null;
};

export async function verifiedFamilyAccountId(db: DbOrTx, email: string): Promise<string | null> {
  const user = await findUserByEmail(db, email);
  return user && user.role === 'student' && user.emailVerifiedAt && user.isActive !== false ? user.id : null;
}

export async function familyAccountForBooking(
  tx: Tx,
  reservation: {
    email: string;
    fullName: string;
    phone: string;
    familyUserId: string | null;
    locale: string;
  },
): Promise<FamilyAccount> {
  if (reservation.familyUserId) return { linkUserId: reservation.familyUserId, createdUserId: null };
  const existing = await findUserByEmail(tx, reservation.email);
  if (existing) {
    const verified = existing.role === 'student' && existing.emailVerifiedAt !== null;
    return { linkUserId: verified ? existing.id : null, createdUserId: null };
  }
  const base =
    reservation.email
      .split('@')[0]!
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, 24) || 'family';
  const [firstName = '', ...rest] = reservation.fullName.trim().split(/\s+/);
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const username = attempt === 0 ? base : `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    try {
      const row = await tx.transaction((sp) =>
        insertUser(sp, {
          username,
          email: reservation.email,
          firstName,
          lastName: rest.join(' '),
          phone: reservation.phone,
          // The account speaks the language the booking was made in (issue 18).
          locale: toLocale(reservation.locale),
          role: 'student',
          passwordHash: null,
          emailVerifiedAt: null,
        }),
      );
      return { linkUserId: null, createdUserId: row.id };
    } catch (err) {
      if (!uniqueViolation(err)) throw err;
      // The e-mail itself may have been taken a moment ago by a sign-up: never link an unverified one.
      if (await findUserByEmail(tx, reservation.email)) {
        return { linkUserId: await verifiedFamilyAccountId(tx, reservation.email), createdUserId: null };
      }
    }
  }
  return { linkUserId: null, createdUserId: null };
}
