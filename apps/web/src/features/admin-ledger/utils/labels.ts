import type { LedgerAccount, LedgerTransactionKind } from '@tibeb/domain/ledger/accounts';
import { reconciliationIssues } from '@tibeb/domain/ledger/admin-ledger';
import type { Translate } from '../../../lib/translate-message.ts';

// i18n-namespace: admin-ledger
/** A transaction's kind in plain words (literal `t()` calls, so the locales checker reads them). */
export function kindLabel(t: Translate, kind: LedgerTransactionKind | string): string {
  const labels: Record<LedgerTransactionKind, string> = {
    payment: t('Payment received'),
    credit_spent: t('Credit spent'),
    session_earned: t('Lesson earned'),
    session_cancelled_credit: t('Lesson cancelled: credit'),
    session_cancelled_refund: t('Lesson cancelled: refund'),
    credit_granted: t('Credit granted'),
    credit_released: t('Credit released'),
    refund: t('Refund'),
    chargeback: t('Chargeback'),
    earning_reversed: t('Earning reversed'),
    payout: t('Payout sent'),
    payout_paid: t('Payout paid'),
    payout_failed: t('Payout failed'),
    adjustment: t('Adjustment'),
  };
  return labels[kind as LedgerTransactionKind] ?? kind.replace(/_/g, ' ');
}

/** An account in plain words. */
export function accountLabel(t: Translate, account: LedgerAccount | string): string {
  const labels: Record<LedgerAccount, string> = {
    family_payments: t('Family payments'),
    family_prepaid: t('Prepaid by families'),
    family_credit: t('Family credit'),
    refunds: t('Refunds'),
    platform_commission: t('Platform commission'),
    tutor_payable: t('Owed to tutor'),
    payouts_in_transit: t('Payouts in transit'),
    payouts_paid: t('Payouts paid'),
  };
  return labels[account as LedgerAccount] ?? account.replace(/_/g, ' ');
}

/** A reconciliation finding (the server's English sentence, decision 233) in the reader's language. */
export function issueLabel(t: Translate, issue: string): string {
  const labels: Record<keyof typeof reconciliationIssues, string> = {
    paymentMissing: t('No ledger transaction records this payment.'),
    paymentAmount: t('The ledger records a different amount received for this payment.'),
    paymentNotCollected: t('The ledger records money received for a payment that did not succeed.'),
    refundMissing: t('No ledger transaction records this refund.'),
    refundAmount: t('The ledger records a different amount returned for this refund.'),
    refundFailed: t('The ledger records money returned for a refund that failed.'),
    payoutMissing: t('No ledger transaction records this payout.'),
    payoutPaidMissing: t('The payout is paid, but the ledger does not record it as paid.'),
    payoutPaidAmount: t('The ledger records a different amount paid for this payout.'),
    payoutStillInTransit: t('The payout is settled, but the ledger still shows money in transit for it.'),
    payoutInTransitAmount: t('The ledger does not show this payout’s amount in transit.'),
    payoutFailedNotReturned: t('The payout failed, but the ledger does not return its amount to the tutor.'),
    transactionUnbalanced: t('This transaction’s entries do not add up to zero.'),
    transactionEmpty: t('This transaction has no entries.'),
  };
  const key = (Object.keys(reconciliationIssues) as (keyof typeof reconciliationIssues)[]).find(
    (k) => reconciliationIssues[k] === issue,
  );
  return key ? labels[key] : issue;
}
