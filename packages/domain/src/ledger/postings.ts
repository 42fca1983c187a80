import { balancedLines, splitEarning, type JournalLine } from './journal.ts';

/**
 * The journal lines of each booking event (decision 226), as pure functions: the API reads the amounts it needs
 * (what is still prepaid, what was earned) and posts what these answer. Every answer balances per currency;
 * zero lines are left out.
 */

const DAY_MS = 86_400_000;

/** A checkout paid: the money received and the credit spent become the reservation's prepaid amount. */
export function paymentLines(p: { currency: string; paidCents: number; creditAppliedCents: number }) {
  return balancedLines([
    { account: 'family_payments', amountCents: p.paidCents, currency: p.currency },
    { account: 'family_credit', amountCents: p.creditAppliedCents, currency: p.currency },
    { account: 'family_prepaid', amountCents: -(p.paidCents + p.creditAppliedCents), currency: p.currency },
  ]);
}

/** A second payment of a paid reservation: the money is the family's credit. */
export function secondPaymentLines(p: { currency: string; paidCents: number }) {
  return balancedLines([
    { account: 'family_payments', amountCents: p.paidCents, currency: p.currency },
    { account: 'family_credit', amountCents: -p.paidCents, currency: p.currency },
  ]);
}

/** Prepaid value given back as credit (a cancellation with credit, a session skipped after a late payment). */
export function creditLines(p: { currency: string; cents: number }) {
  return balancedLines([
    { account: 'family_prepaid', amountCents: p.cents, currency: p.currency },
    { account: 'family_credit', amountCents: -p.cents, currency: p.currency },
  ]);
}

/** When an earning may be paid out: the session's end (or the posting, if later) plus the dispute window. */
export function earningAvailableAt(endsAt: Date, postedAt: Date, disputeWindowDays: number): Date {
  return new Date(Math.max(endsAt.getTime(), postedAt.getTime()) + disputeWindowDays * DAY_MS);
}

/** A held session: its share of the prepaid amount goes to the tutor (less the commission) and the platform. */
export function earningLines(p: {
  currency: string;
  priceCents: number;
  commissionBps: number;
  tutorId: number;
  availableAt: Date;
}) {
  const { tutorCents, commissionCents } = splitEarning(p.priceCents, p.commissionBps);
  return balancedLines([
    { account: 'family_prepaid', amountCents: p.priceCents, currency: p.currency },
    {
      account: 'tutor_payable',
      amountCents: -tutorCents,
      currency: p.currency,
      tutorId: p.tutorId,
      availableAt: p.availableAt,
    },
    { account: 'platform_commission', amountCents: -commissionCents, currency: p.currency },
  ]);
}

/**
 * Money returned to a family (a refund, a cancellation's refund, a chargeback): from the given credit first, then
 * from what is still prepaid, and beyond that by reversing what the tutor and the platform earned on the booking,
 * in proportion, dated with the earning's availability (a negative balance carries forward). Anything beyond
 * all of that (never, by the refund rules) stays on the prepaid account, so the lines still balance.
 */
export function returnLines(p: {
  currency: string;
  amountCents: number;
  fromCreditCents: number;
  prepaidLeftCents: number;
  earned: { tutorCents: number; commissionCents: number; availableAt: Date | null };
  tutorId: number;
  now: Date;
}): JournalLine[] {
  const { currency } = p;
  const fromCredit = Math.max(0, Math.min(p.fromCreditCents, p.amountCents));
  let fromPrepaid = Math.min(Math.max(0, p.prepaidLeftCents), p.amountCents - fromCredit);
  let rest = p.amountCents - fromCredit - fromPrepaid;
  const reversal: JournalLine[] = [];
  const total = p.earned.tutorCents + p.earned.commissionCents;
  if (rest > 0 && total > 0) {
    const reversed = Math.min(rest, total);
    const tutorPart = Math.round((reversed * p.earned.tutorCents) / total);
    reversal.push(
      {
        account: 'tutor_payable',
        amountCents: tutorPart,
        currency,
        tutorId: p.tutorId,
        availableAt: p.earned.availableAt ?? p.now,
      },
      { account: 'platform_commission', amountCents: reversed - tutorPart, currency },
    );
    rest -= reversed;
  }
  fromPrepaid += rest;
  return balancedLines([
    { account: 'family_credit', amountCents: fromCredit, currency },
    { account: 'family_prepaid', amountCents: fromPrepaid, currency },
    ...reversal,
    { account: 'refunds', amountCents: -p.amountCents, currency },
  ]);
}
