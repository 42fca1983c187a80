import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { paymentStatuses, refundStatuses } from '@tibeb/domain/bookings/statuses';
import { paymentProviders } from '@tibeb/domain/payments/contracts';
import { reservations } from './bookings.ts';
import { users } from './users.ts';

export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    reservationId: uuid()
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    provider: text({ enum: paymentProviders }).notNull(),
    // The provider's checkout session id (Stripe `cs_…`, or the demo provider's own).
    providerSessionId: text().notNull().unique(),
    providerPaymentId: text(),
    amountCents: integer().notNull(),
    currency: text().notNull().default('USD'),
    status: text({ enum: paymentStatuses }).notNull().default('pending'),
    refundedCents: integer().notNull().default(0),
    checkoutUrl: text().notNull().default(''),
    // Sent to the provider with checkout creation, so a retried call never opens a second checkout.
    idempotencyKey: text().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_reservation_idx').on(t.reservationId),
    // The admin payments list's order (newest first, then id), alone and after its status filter (decision 241).
    index('payments_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('payments_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id),
    // Revenue by month (reports): the paid payments by when they were paid, with what the report sums.
    index('payments_paid_idx')
      .on(t.paidAt, t.currency, t.status, t.amountCents)
      .where(sql`${t.paidAt} IS NOT NULL`),
    check('payments_refund_bounds', sql`${t.refundedCents} BETWEEN 0 AND ${t.amountCents}`),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    currency: text().notNull().default('USD'),
    providerRefundId: text().notNull().default(''),
    // pending while the provider is asked (outside any transaction), then succeeded or failed.
    status: text({ enum: refundStatuses }).notNull().default('succeeded'),
    idempotencyKey: text().unique(),
    sessionId: uuid(),
    reason: text().notNull().default(''),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A payment's refunds, and the open ones newest first (admin) or the succeeded ones by month (reports).
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_status_created_idx').on(t.status, t.createdAt),
  ],
);

/** Each provider event is processed once: its id is inserted in the same transaction as its effects. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
