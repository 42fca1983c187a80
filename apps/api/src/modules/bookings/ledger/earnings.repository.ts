import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../platform/db/client.ts';

export type TutorEntryRow = {
  id: string;
  transaction_id: string;
  occurred_at: Date | string;
  kind: string;
  memo: string;
  account: string;
  currency: string;
  amount_cents: string | number;
  available_at: Date | string | null;
  session_id: string | null;
  reservation_id: string | null;
  payout_id: string | null;
  session_starts_at: Date | string | null;
};

/** A tutor's own entries (their payable balance) in one EAT month, newest first. */
export async function tutorEntries(db: DbOrTx, tutorId: number, month: string): Promise<TutorEntryRow[]> {
  return queryRows<TutorEntryRow>(
    db,
    sql`select e.id, t.id as transaction_id, t.occurred_at, t.kind, t.memo, e.account, e.currency, e.amount_cents,
               e.available_at, t.session_id, t.reservation_id, t.payout_id, s.starts_at as session_starts_at
          from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
          left join sessions s on s.id = t.session_id
         where e.tutor_id = ${tutorId} and e.account = 'tutor_payable'
           and to_char(t.occurred_at at time zone 'Africa/Addis_Ababa', 'YYYY-MM') = ${month}
         order by t.occurred_at desc, e.id`,
  );
}

/** The EAT months in which the tutor has entries, newest first. */
export async function tutorMonths(db: DbOrTx, tutorId: number): Promise<string[]> {
  const rows = await queryRows<{ month: string }>(
    db,
    sql`select distinct to_char(t.occurred_at at time zone 'Africa/Addis_Ababa', 'YYYY-MM') as month
          from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
         where e.tutor_id = ${tutorId} and e.account = 'tutor_payable'
         order by 1 desc`,
  );
  return rows.map((r) => r.month);
}

/** The payout states of the given payouts (an entry of a payout is in transit until it is paid). */
export async function payoutStates(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<{ id: string; status: string }>(
    db,
    sql`select id, status from payouts where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, r.status]));
}

export async function tutorIdOfUser(db: DbOrTx, userId: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from tutors where user_id = ${userId} limit 1`,
  );
  return row?.id ?? null;
}
