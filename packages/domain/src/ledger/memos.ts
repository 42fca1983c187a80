/**
 * The ledger's own memos (what a transaction was), written by the API in English and shown by the screens in the
 * reader's language (issue 31 item 8): the fixed ones as keys, the ones with a value through their templates. A
 * memo an admin typed (a refund's reason) is shown as written.
 */
export const ledgerMemos = {
  bookingPaid: 'Booking paid',
  sessionsSkipped: 'Sessions skipped after a late payment',
  secondPayment: 'Second payment of a paid booking (credit)',
  lessonWith: (student: string) => `Lesson with ${student}`,
  lessonCancelledCredit: 'Lesson cancelled: credit',
  lessonCancelledRefund: 'Lesson cancelled: refund',
  chargeback: 'Chargeback by the family’s bank',
  payout: 'Payout',
  payoutConfirmed: 'Payout confirmed',
  refund: 'Refund',
  // Issue 30 item 3 (decision 271): an interruption or a tutor's absence takes back the lesson's earning.
  lessonInterrupted: 'Lesson interrupted: earning reversed',
  tutorAbsent: 'Tutor did not come: earning reversed',
  makeupLapsedCredit: 'Lesson not made up: credit',
  tutorAbsentCredit: 'Tutor did not come: credit',
  tutorAbsentRefund: 'Tutor did not come: refund',
} as const;

/** The fixed memos: keys of the screens' namespace. */
export const fixedLedgerMemos: readonly string[] = Object.values(ledgerMemos).filter(
  (m): m is Exclude<typeof m, (student: string) => string> => typeof m === 'string',
);

/** The memos with a value, as templates (`Lesson with {{student}}`). */
export const ledgerMemoTemplates: readonly string[] = [ledgerMemos.lessonWith('{{student}}')];
