import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../platform/db/client.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import { postTransaction, tutorBalances } from './ledger.repository.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

describe('the ledger', () => {
  it('posts a balanced transaction once per key', async () => {
    const lines = [
      { account: 'family_payments' as const, amountCents: 2000, currency: 'USD' },
      { account: 'family_prepaid' as const, amountCents: -2000, currency: 'USD' },
    ];
    const first = await postTransaction(t.db, { kind: 'payment', idempotencyKey: 'payment:x', lines });
    const again = await postTransaction(t.db, { kind: 'payment', idempotencyKey: 'payment:x', lines });
    expect(first).toBeTruthy();
    expect(again).toBeNull();
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ledger_entries`);
    expect(n).toBe(2);
  });

  it('the database refuses an unbalanced transaction at commit, and any edit', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        const [row] = await queryRows<{ id: string }>(
          tx,
          sql`insert into ledger_transactions (kind, idempotency_key) values ('adjustment', 'raw') returning id`,
        );
        await tx.execute(
          sql`insert into ledger_entries (transaction_id, account, amount_cents, currency) values (${row!.id}, 'refunds', 5, 'USD')`,
        );
      }),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`update ledger_entries set amount_cents = 1`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from ledger_transactions`)).rejects.toThrow();
  });

  it('a tutor balance is pending until the window passes, then available', async () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const later = new Date('2026-12-04T10:00:00Z');
    await postTransaction(t.db, {
      kind: 'session_earned',
      idempotencyKey: 'earn:s1',
      tutorId: 7,
      lines: [
        { account: 'family_prepaid', amountCents: 5000, currency: 'USD' },
        { account: 'tutor_payable', amountCents: -4250, currency: 'USD', tutorId: 7, availableAt: later },
        { account: 'platform_commission', amountCents: -750, currency: 'USD' },
      ],
    });
    expect(await tutorBalances(t.db, 7, now)).toEqual([
      { currency: 'USD', pendingCents: 4250, availableCents: 0, inTransitCents: 0, paidCents: 0 },
    ]);
    expect((await tutorBalances(t.db, 7, later))[0]).toMatchObject({ pendingCents: 0, availableCents: 4250 });
  });
});
