/**
 * The ledger's accounts (DESIGN §1.14, issue 27). Every movement of money is one transaction whose entries sum to
 * zero per currency; an entry's amount is positive for a debit and negative for a credit (integer cents).
 *
 * - `family_payments`: money received from families at the payment provider (debit when a checkout is paid).
 * - `family_prepaid`: paid for sessions not yet held (a liability: credit at payment, debit when earned or returned).
 * - `family_credit`: credit owed to families (credit when granted, debit when spent or released).
 * - `refunds`: money returned to families, by refund or chargeback (credit).
 * - `platform_commission`: the platform's share of held sessions (credit).
 * - `tutor_payable`: what the platform owes one tutor (per tutor; credit when earned, debit when paid out or reversed).
 * - `payouts_in_transit`: sent to one tutor and not yet confirmed by the bank or wallet (per tutor).
 * - `payouts_paid`: confirmed payouts, money that left the platform (credit).
 */
export const ledgerAccounts = [
  'family_payments',
  'family_prepaid',
  'family_credit',
  'refunds',
  'platform_commission',
  'tutor_payable',
  'payouts_in_transit',
  'payouts_paid',
] as const;
export type LedgerAccount = (typeof ledgerAccounts)[number];

/** The accounts kept per tutor: their entries carry the tutor's id. */
export const perTutorAccounts: readonly LedgerAccount[] = ['tutor_payable', 'payouts_in_transit'];

/** What a transaction records (the kind shown in the admin ledger and its filter). */
export const ledgerTransactionKinds = [
  'payment',
  'credit_spent',
  'session_earned',
  'session_cancelled_credit',
  'session_cancelled_refund',
  'credit_granted',
  'credit_released',
  'refund',
  'chargeback',
  'earning_reversed',
  'payout',
  'payout_paid',
  'payout_failed',
  'adjustment',
] as const;
export type LedgerTransactionKind = (typeof ledgerTransactionKinds)[number];

/** Where a tutor's payout goes: a bank account (Chapa's bank code) or a telebirr / CBE Birr wallet. */
export const payoutMethodKinds = ['bank', 'telebirr', 'cbebirr'] as const;
export type PayoutMethodKind = (typeof payoutMethodKinds)[number];

/** A payout's states: pending (created, not yet sent), processing (sent to Chapa), paid, failed. */
export const payoutStatuses = ['pending', 'processing', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];
/** The rails of a run: Chapa Transfers when CHAPA_SECRET_KEY is set, otherwise a manual bank file and "mark paid". */
export const payoutRails = ['chapa', 'manual'] as const;
export type PayoutRail = (typeof payoutRails)[number];
