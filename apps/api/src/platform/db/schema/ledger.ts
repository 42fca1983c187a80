import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ledgerAccounts,
  ledgerTransactionKinds,
  payoutMethodKinds,
  payoutRails,
  payoutStatuses,
} from '@tibeb/domain/ledger/accounts';
import { tutors } from './catalog.ts';
import { users } from './users.ts';

/**
 * One movement of money (DESIGN §1.14): its entries sum to zero per currency, checked by the database at commit
 * (migration 0004's deferred constraint trigger). Transactions and entries are never updated or deleted: a
 * reversal is a new transaction. The ids of what it records are plain columns (no foreign keys): the ledger
 * outlives a deleted reservation or tutor.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: ledgerTransactionKinds }).notNull(),
    // One transaction per business event ("earn:<session id>", "payment:<payment id>"): posting twice is a no-op.
    idempotencyKey: text().notNull().unique(),
    tutorId: integer(),
    reservationId: uuid(),
    sessionId: uuid(),
    paymentId: uuid(),
    refundId: uuid(),
    payoutId: uuid(),
    memo: text().notNull().default(''),
    createdByUserId: uuid(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transactions_occurred_idx').on(t.occurredAt),
    // The admin ledger's kind filter, newest first (decision 241).
    index('ledger_transactions_kind_idx').on(t.kind, t.occurredAt),
    index('ledger_transactions_tutor_idx').on(t.tutorId, t.occurredAt),
    index('ledger_transactions_reservation_idx').on(t.reservationId),
    index('ledger_transactions_payment_idx').on(t.paymentId),
    index('ledger_transactions_payout_idx').on(t.payoutId),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    transactionId: uuid()
      .notNull()
      .references(() => ledgerTransactions.id),
    account: text({ enum: ledgerAccounts }).notNull(),
    // Set on the per-tutor accounts (tutor_payable, payouts_in_transit), null on the others.
    tutorId: integer(),
    // Debit positive, credit negative; integer cents of `currency`.
    amountCents: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    // tutor_payable only: when the amount stops being pending (the dispute window) and may be paid out.
    availableAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_tutor_idx').on(t.tutorId, t.account, t.currency),
    index('ledger_entries_account_idx').on(t.account, t.currency),
    // The payouts screen's balances: what became payable by a time (decision 244).
    index('ledger_entries_payable_available_idx')
      .on(t.availableAt)
      .where(sql`${t.account} = 'tutor_payable'`),
    check('ledger_entries_nonzero', sql`${t.amountCents} <> 0`),
  ],
);

/** Where a tutor is paid (one method per tutor); changing it needs the password and is e-mailed. */
export const payoutMethods = pgTable('payout_methods', {
  tutorId: integer()
    .primaryKey()
    .references(() => tutors.id, { onDelete: 'cascade' }),
  kind: text({ enum: payoutMethodKinds }).notNull(),
  // Chapa's bank id (GET /v1/banks) for a bank, or the wallet's id there for telebirr / CBE Birr.
  bankCode: text().notNull().default(''),
  bankName: text().notNull().default(''),
  accountName: text().notNull(),
  accountNumber: text().notNull(),
  updatedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** An admin's payout run: the rails, the exchange rate it converts dollars at, and the minimum it pays. */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    rail: text({ enum: payoutRails }).notNull(),
    // Birr per dollar for this run, as the admin entered it (recorded; never changed afterwards).
    etbPerUsd: numeric({ precision: 12, scale: 4 }),
    // The smallest payout, in santim (birr cents).
    minimumEtbCents: integer().notNull().default(0),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    note: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payout_runs_created_idx').on(t.createdAt)],
);

/**
 * One tutor's payout of one currency's available balance. At most one payout per tutor and currency is in flight
 * (pending or processing): the unique index is what makes two runs started at once pay a tutor once.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    runId: uuid()
      .notNull()
      .references(() => payoutRuns.id),
    tutorId: integer()
      .notNull()
      .references(() => tutors.id),
    // The earnings paid, in their own currency (USD or ETB), as debited from tutor_payable.
    currency: text().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    // What the tutor receives, in birr (santim), at the run's rate.
    payoutCurrency: text().notNull().default('ETB'),
    payoutAmountCents: bigint({ mode: 'number' }).notNull(),
    fxRate: numeric({ precision: 12, scale: 4 }),
    status: text({ enum: payoutStatuses }).notNull().default('pending'),
    rail: text({ enum: payoutRails }).notNull(),
    // The destination as it was when the payout was made (a later change of method does not redirect it).
    method: jsonb().$type<Record<string, string>>().notNull(),
    // Our reference for the provider (Chapa's `reference`), one per attempt: the idempotency key of the transfer.
    providerReference: text().unique(),
    providerTransferId: text().notNull().default(''),
    attempts: integer().notNull().default(0),
    failureReason: text().notNull().default(''),
    paidAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_in_flight_key')
      .on(t.tutorId, t.currency)
      .where(sql`${t.status} IN ('pending', 'processing')`),
    index('payouts_run_idx').on(t.runId),
    index('payouts_tutor_idx').on(t.tutorId, t.createdAt),
    check('payouts_amount_positive', sql`${t.amountCents} > 0 AND ${t.payoutAmountCents} > 0`),
  ],
);
