import type { LedgerAccount } from './accounts.ts';

/** One line of a journal transaction: debit positive, credit negative, integer cents. */
export type JournalLine = {
  account: LedgerAccount;
  amountCents: number;
  currency: string;
  /** Set on per-tutor accounts. */
  tutorId?: number | null;
  /** tutor_payable only: when the amount becomes available to pay out. */
  availableAt?: Date | null;
};

export class UnbalancedJournalError extends Error {}

/**
 * Checks a transaction before it is written: integer non-zero amounts, at least two lines, and a zero sum per
 * currency (the database checks the sum again at commit). Returns the lines without zero amounts.
 */
export function balancedLines(lines: readonly JournalLine[]): JournalLine[] {
  const kept = lines.filter((l) => l.amountCents !== 0);
  const sums = new Map<string, number>();
  for (const l of kept) {
    if (!Number.isSafeInteger(l.amountCents))
      throw new UnbalancedJournalError(`not whole cents: ${l.amountCents}`);
    sums.set(l.currency, (sums.get(l.currency) ?? 0) + l.amountCents);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0) throw new UnbalancedJournalError(`does not balance in ${currency}: ${sum}`);
  }
  if (kept.length === 1) throw new UnbalancedJournalError('a transaction needs two lines');
  return kept;
}

/**
 * A held session's split (DESIGN §1.14): the tutor earns the session's price less the commission; the
 * commission is rounded to the nearest cent (half up) and the tutor gets the rest, so the two always add up.
 */
export function splitEarning(
  priceCents: number,
  commissionBps: number,
): { tutorCents: number; commissionCents: number } {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) throw new RangeError(`bad price ${priceCents}`);
  if (!Number.isInteger(commissionBps) || commissionBps < 0 || commissionBps > 10_000)
    throw new RangeError(`bad commission ${commissionBps}`);
  const commissionCents = Math.floor((priceCents * commissionBps + 5_000) / 10_000);
  return { tutorCents: priceCents - commissionCents, commissionCents };
}

/**
 * Shares a booking's amount across its sessions in whole cents: equal parts, the remainder one cent at a time to
 * the first sessions, so the parts always sum to the amount.
 */
export function shareAcross(amountCents: number, count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(amountCents / count);
  const rest = amountCents - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < rest ? 1 : 0));
}
