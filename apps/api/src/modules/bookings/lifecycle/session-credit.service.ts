import type { Tx } from '../../../platform/db/client.ts';
import { postSessionCredited } from '../ledger/postings.service.ts';
import { insertCredit } from './credit.repository.ts';
import type { ReservationRow } from './sessions.repository.ts';

/**
 * A session's value given back to its family as credit, in the caller's transaction: a row of the family's credit
 * (keyed by its e-mail, in the booking's currency) and the ledger's move from prepaid to credit. Used by a
 * cancellation, an interruption not made up, a tutor's absence and a substitute tutor's takeover; `key` and `memo`
 * name the ledger transaction when it is not a cancellation's.
 */
export async function creditSessionValue(
  tx: Tx,
  p: {
    reservation: ReservationRow;
    sessionId: string;
    cents: number;
    note: string;
    createdByUserId?: string | null;
    now: Date;
    key?: string;
    memo?: string;
  },
) {
  if (p.cents <= 0) return;
  const r = p.reservation;
  await insertCredit(tx, {
    familyEmail: r.email,
    amountCents: p.cents,
    currency: r.currency,
    kind: 'cancellation',
    reservationId: r.id,
    sessionId: p.sessionId,
    createdByUserId: p.createdByUserId ?? null,
    note: p.note,
  });
  await postSessionCredited(tx, {
    sessionId: p.sessionId,
    reservationId: r.id,
    tutorId: r.tutorId,
    currency: r.currency,
    creditCents: p.cents,
    now: p.now,
    ...(p.key ? { key: p.key } : {}),
    ...(p.memo ? { memo: p.memo } : {}),
  });
}
