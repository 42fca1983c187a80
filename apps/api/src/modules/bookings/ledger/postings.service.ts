import { shareAcross } from '@tibeb/domain/ledger/journal';
import {
  creditLines,
  earningAvailableAt,
  earningLines,
  paymentLines,
  returnLines,
  secondPaymentLines,
} from '@tibeb/domain/ledger/postings';
import { EARNINGS_POLICY_KEY, readEarningsPolicy, type EarningsPolicy } from '@tibeb/domain/ledger/earnings';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { postTransaction } from './ledger.repository.ts';
import * as repo from './postings.repository.ts';
import { ledgerMemos } from '@tibeb/domain/ledger/memos';

/**
 * The booking lifecycle's money, posted to the ledger (decision 226). Each function is called inside the
 * transaction of the change it records, with one idempotency key per event, so the booking and the ledger never
 * disagree and a replayed event posts nothing. The table of events and lines is in decision 226.
 */

const LATE_SKIP = 'Skipped after a late payment';

export async function earningsPolicy(db: DbOrTx): Promise<EarningsPolicy> {
  return readEarningsPolicy(await repo.readSetting(db, EARNINGS_POLICY_KEY));
}

/** The tutor's commission in basis points: their own, else the default. */
export async function commissionBpsOf(db: DbOrTx, tutorId: number, policy?: EarningsPolicy): Promise<number> {
  const own = await repo.tutorCommissionBps(db, tutorId);
  if (own !== null) return own;
  return Math.round((policy ?? (await earningsPolicy(db))).commission_percent * 100);
}

/** A checkout paid: the card (or wallet) money and the credit spent become the reservation's prepaid amount. */
export async function postPaymentReceived(
  tx: DbOrTx,
  p: {
    paymentId: string;
    reservationId: string;
    tutorId: number;
    currency: string;
    paidCents: number;
    creditAppliedCents: number;
    lateCreditCents: number;
    now: Date;
  },
) {
  await postTransaction(tx, {
    kind: 'payment',
    idempotencyKey: `payment:${p.paymentId}`,
    tutorId: p.tutorId,
    reservationId: p.reservationId,
    paymentId: p.paymentId,
    memo: ledgerMemos.bookingPaid,
    occurredAt: p.now,
    lines: paymentLines({
      currency: p.currency,
      paidCents: p.paidCents,
      creditAppliedCents: p.creditAppliedCents,
    }),
  });
  if (p.lateCreditCents > 0) {
    await postTransaction(tx, {
      kind: 'credit_granted',
      idempotencyKey: `late-credit:${p.paymentId}`,
      tutorId: p.tutorId,
      reservationId: p.reservationId,
      paymentId: p.paymentId,
      memo: ledgerMemos.sessionsSkipped,
      occurredAt: p.now,
      lines: creditLines({ currency: p.currency, cents: p.lateCreditCents }),
    });
  }
}

/** A second payment of a paid reservation: its money is credit the family can spend or an admin refund. */
export async function postSecondPayment(
  tx: DbOrTx,
  p: {
    paymentId: string;
    reservationId: string;
    tutorId: number;
    currency: string;
    paidCents: number;
    now: Date;
  },
) {
  await postTransaction(tx, {
    kind: 'payment',
    idempotencyKey: `payment:${p.paymentId}`,
    tutorId: p.tutorId,
    reservationId: p.reservationId,
    paymentId: p.paymentId,
    memo: ledgerMemos.secondPayment,
    occurredAt: p.now,
    lines: secondPaymentLines({ currency: p.currency, paidCents: p.paidCents }),
  });
}

/**
 * The session's share of its reservation's amount: equal parts over the planned sessions, in whole cents. A
 * make-up of an interrupted session (decision 271) is not an extra planned session: it has the original's share.
 */
export async function sessionPriceCents(
  db: DbOrTx,
  reservation: { id: string; amountCents: number },
  sessionId: string,
) {
  const all = await repo.sessionsOf(db, reservation.id);
  const makeupOf = all.find((s) => s.id === sessionId)?.makeupOfSessionId;
  if (makeupOf) return sessionPriceCents(db, reservation, makeupOf);
  const planned = all.filter(
    (s) => s.makeupOfSessionId === null && (s.status !== 'skipped' || s.skipReason.startsWith(LATE_SKIP)),
  );
  const at = planned.findIndex((s) => s.id === sessionId);
  if (at < 0) return 0;
  return shareAcross(reservation.amountCents, planned.length)[at]!;
}

/**
 * A held session (attended, a family no-show, completed by the job, or cancelled by the family inside the
 * notice window) earns its tutor the session's price less the commission, available after the dispute window.
 */
export async function postSessionEarned(tx: DbOrTx, sessionId: string, now: Date) {
  const session = await repo.sessionOf(tx, sessionId);
  if (!session) return;
  const reservation = await repo.reservationOf(tx, session.reservationId);
  if (!reservation) return;
  const price = await sessionPriceCents(tx, reservation, sessionId);
  if (price <= 0) return;
  const policy = await earningsPolicy(tx);
  const lines = earningLines({
    currency: reservation.currency,
    priceCents: price,
    commissionBps: await commissionBpsOf(tx, reservation.tutorId, policy),
    tutorId: reservation.tutorId,
    availableAt: earningAvailableAt(session.endsAt, now, policy.dispute_window_days),
  });
  await postTransaction(tx, {
    kind: 'session_earned',
    idempotencyKey: `earn:${sessionId}`,
    tutorId: reservation.tutorId,
    reservationId: reservation.id,
    sessionId,
    memo: ledgerMemos.lessonWith(reservation.studentFullName),
    occurredAt: now,
    lines,
  });
}

/** A cancelled session's value given back as credit. */
export async function postSessionCredited(
  tx: DbOrTx,
  p: {
    sessionId: string;
    reservationId: string;
    tutorId: number;
    currency: string;
    creditCents: number;
    now: Date;
    /** Another event's key and memo (an interruption not made up, a tutor's absence: decision 271). */
    key?: string;
    memo?: string;
  },
) {
  if (p.creditCents <= 0) return;
  await postTransaction(tx, {
    kind: 'session_cancelled_credit',
    idempotencyKey: p.key ?? `cancel-credit:${p.sessionId}`,
    tutorId: p.tutorId,
    reservationId: p.reservationId,
    sessionId: p.sessionId,
    memo: p.memo ?? ledgerMemos.lessonCancelledCredit,
    occurredAt: p.now,
    lines: creditLines({ currency: p.currency, cents: p.creditCents }),
  });
}

/**
 * Money returned to a family (a refund, or a chargeback): first from the reservation's credit, then from what is
 * still prepaid, and beyond that by reversing what its tutor and the platform earned on it, in proportion (also
 * after a payout: the tutor's balance may go below zero and carries forward).
 */
export async function postMoneyReturned(
  tx: DbOrTx,
  p: {
    kind: 'refund' | 'chargeback' | 'session_cancelled_refund';
    key: string;
    reservationId: string;
    tutorId: number;
    currency: string;
    amountCents: number;
    fromCreditCents?: number;
    paymentId?: string | null;
    refundId?: string | null;
    sessionId?: string | null;
    memo: string;
    createdByUserId?: string | null;
    now: Date;
  },
) {
  if (p.amountCents <= 0) return;
  const lines = returnLines({
    currency: p.currency,
    amountCents: p.amountCents,
    fromCreditCents: p.fromCreditCents ?? 0,
    prepaidLeftCents: await repo.prepaidLeft(tx, p.reservationId, p.currency),
    earned: await repo.earnedOn(tx, p.reservationId, p.currency),
    tutorId: p.tutorId,
    now: p.now,
  });
  await postTransaction(tx, {
    kind: p.kind,
    idempotencyKey: p.key,
    tutorId: p.tutorId,
    reservationId: p.reservationId,
    paymentId: p.paymentId ?? null,
    refundId: p.refundId ?? null,
    sessionId: p.sessionId ?? null,
    memo: p.memo,
    createdByUserId: p.createdByUserId ?? null,
    occurredAt: p.now,
    lines,
  });
}

/**
 * A session's earning taken back (issue 30 item 3, decision 271: an interruption, or a tutor's absence upheld):
 * the earning's own lines, negated, once per session; nothing when it was never earned. What the family had
 * prepaid for it is prepaid again (to be earned by the make-up, or given back).
 */
export async function postEarningReversed(
  tx: DbOrTx,
  p: { sessionId: string; memo: string; createdByUserId?: string | null; now: Date },
) {
  const earned = await repo.earningOf(tx, p.sessionId);
  if (!earned || earned.lines.length === 0) return;
  await postTransaction(tx, {
    kind: 'earning_reversed',
    idempotencyKey: `earn-reversed:${p.sessionId}`,
    tutorId: earned.tutorId,
    reservationId: earned.reservationId,
    sessionId: p.sessionId,
    memo: p.memo,
    createdByUserId: p.createdByUserId ?? null,
    occurredAt: p.now,
    lines: earned.lines.map((l) => ({ ...l, amountCents: -l.amountCents })),
  });
}
