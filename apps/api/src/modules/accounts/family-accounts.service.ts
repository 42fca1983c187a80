import { toLocale } from '@tibeb/domain/shared/locale';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  uniqueViolation,
  type UserRow,
} from './accounts.repository.ts';

/**
 * The family account of a booking (DESIGN §1.9, issue 12 §5, issue 31 item 4, decision 262). A booking is
 * linked the moment it is made: to the family account with its e-mail when nobody can be signed in to it but
 * the mailbox's owner, i.e. a verified account or one without a password (only a link e-mailed to the address
 * can open it); otherwise to a new account made without a password, unverified, in the booking's zone. An
 * unverified account with a password (a sign-up of before decision 220: maybe a squatter) or a non-family
 * account with the e-mail is left alone, and its bookings wait for the address to be proved
 * (`linkReservationsToAccount`). Linking only puts the booking in that account's area: the booker gets no
 * session, no token and no answer that tells whether the account existed.
 */
export type FamilyAccount = {
  /** The account to link the reservation to now. */
  linkUserId: string | null;
  /** An account nobody can sign in to yet (no password, address unproved): it gets the set-password e-mail. */
  createdUserId: string | null;
};

export async function verifiedFamilyAccountId(db: DbOrTx, email: string): Promise<string | null> {
  const user = await findUserByEmail(db, email);
  return user && user.role === 'student' && user.emailVerifiedAt && user.isActive !== false ? user.id : null;
}

/** Only its mailbox's owner can ever sign in to it: verified, or without a password and unverified. */
const ownedByMailbox = (user: UserRow) =>
  user.role === 'student' && user.isActive !== false && (user.emailVerifiedAt !== null || !user.passwordHash);

/** Waiting for its set-password link: no password and the address never proved. */
const awaitingPassword = (user: UserRow) => !user.passwordHash && user.emailVerifiedAt === null;

type BookingFamily = {
  email: string;
  fullName: string;
  phone: string;
  locale: string;
  /** The zone the booking was made in (the wizard's); a new account starts in it. */
  timeZone?: string;
};

/**
 * The account a new reservation belongs to (issue 31 item 4): found or made, in the booking's transaction,
 * after the hold limits passed (so one address makes at most as many accounts as it may hold reservations, and
 * nothing is e-mailed here: the set-password link goes out with the payment's confirmation).
 */
export async function familyAccountForHold(tx: Tx, booking: BookingFamily): Promise<string | null> {
  const existing = await findUserByEmail(tx, booking.email);
  if (existing) return ownedByMailbox(existing) ? existing.id : null;
  const created = await createPasswordless(tx, booking);
  if (created) return created;
  // Taken a moment ago by someone else: link only an account its mailbox owns.
  const now = await findUserByEmail(tx, booking.email);
  return now && ownedByMailbox(now) ? now.id : null;
}

/** A family account without a password for the e-mail, or null when the e-mail was taken meanwhile. */
async function createPasswordless(tx: Tx, booking: BookingFamily): Promise<string | null> {
  const base =
    booking.email
      .split('@')[0]!
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, 24) || 'family';
  const [firstName = '', ...rest] = booking.fullName.trim().split(/\s+/);
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const username = attempt === 0 ? base : `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    try {
      const row = await tx.transaction((sp) =>
        insertUser(sp, {
          username,
          email: booking.email,
          firstName,
          lastName: rest.join(' '),
          phone: booking.phone,
          // The account speaks the language the booking was made in (issue 18), in the zone it was made in.
          locale: toLocale(booking.locale),
          timeZone: booking.timeZone ?? '',
          role: 'student',
          passwordHash: null,
          emailVerifiedAt: null,
        }),
      );
      return row.id;
    } catch (err) {
      if (!uniqueViolation(err)) throw err;
      if (await findUserByEmail(tx, booking.email)) return null;
    }
  }
  return null;
}

/**
 * The account of a reservation being paid: the one it was linked to when made, or (a reservation made before
 * decision 262, or while the e-mail's account could not be linked) found or made now as for a hold. An account
 * still waiting for its password gets the set-password link with the confirmation.
 */
export async function familyAccountForBooking(
  tx: Tx,
  reservation: BookingFamily & { familyUserId: string | null },
): Promise<FamilyAccount> {
  const linkUserId = reservation.familyUserId ?? (await familyAccountForHold(tx, reservation));
  if (!linkUserId) return { linkUserId: null, createdUserId: null };
  const user = await findUserById(tx, linkUserId);
  return { linkUserId, createdUserId: user && awaitingPassword(user) ? user.id : null };
}
