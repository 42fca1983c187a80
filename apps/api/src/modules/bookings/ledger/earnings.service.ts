import type { EarningsResponse } from '@tibeb/domain/ledger/earnings';
import { csvCell } from '@tibeb/domain/reports/csv';
import { instantToWallClock } from '@tibeb/domain/bookings/time';
import type { Db } from '../../../platform/db/client.ts';
import { notFound } from '../../../platform/http/app-error.ts';
import * as repo from './earnings.repository.ts';
import { tutorBalances } from './ledger.repository.ts';
import { commissionBpsOf, earningsPolicy } from './postings.service.ts';

const EAT = 'Africa/Addis_Ababa';
const describe = (kind: string, memo: string) =>
  ({
    session_earned: memo || 'Lesson held',
    earning_reversed: 'Earning reversed',
    refund: `Refund to the family: ${memo}`,
    session_cancelled_refund: 'Lesson refunded to the family',
    chargeback: 'Chargeback by the family’s bank',
    payout: 'Payout',
    payout_failed: 'Payout failed: returned to your balance',
  })[kind] ??
  memo ??
  kind;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Tue 1 Dec 16:00": a session's start in EAT, as the statement names a lesson. */
export function lessonTime(startsAt: Date): string {
  const { date, time } = instantToWallClock(startsAt, EAT);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
  return `${weekday} ${d} ${MONTHS[m - 1]!} ${time}`;
}

export async function tutorIdOfUser(db: Db, userId: string): Promise<number> {
  const id = await repo.tutorIdOfUser(db, userId);
  if (id === null) throw notFound('You have no tutor profile yet.');
  return id;
}

/** The signed-in tutor's balances, the month's entries and totals (issue 27 item 3). */
export async function tutorEarnings(
  db: Db,
  tutorId: number,
  month?: string,
  now = new Date(),
): Promise<EarningsResponse> {
  const current = instantToWallClock(now, EAT).date.slice(0, 7);
  const which = month ?? current;
  const policy = await earningsPolicy(db);
  const rows = await repo.tutorEntries(db, tutorId, which);
  const payoutIds = [...new Set(rows.map((r) => r.payout_id).filter((x): x is string => !!x))];
  const states = await repo.payoutStates(db, payoutIds);
  const entries = rows.map((r) => {
    const amount = -Number(r.amount_cents);
    const availableAt = r.available_at ? new Date(r.available_at) : null;
    const payoutStatus = r.payout_id ? states.get(r.payout_id) : undefined;
    const state: EarningsResponse['entries'][number]['state'] =
      r.kind === 'payout'
        ? payoutStatus === 'paid'
          ? 'paid_out'
          : 'in_transit'
        : availableAt && availableAt > now
          ? 'pending'
          : 'available';
    return {
      id: r.id,
      transaction_id: r.transaction_id,
      occurred_at: new Date(r.occurred_at).toISOString(),
      kind: r.kind,
      description:
        r.kind === 'session_earned' && r.session_starts_at
          ? `${describe(r.kind, r.memo)}, ${lessonTime(new Date(r.session_starts_at))}`
          : describe(r.kind, r.memo),
      currency: r.currency,
      amount_cents: amount,
      available_at: availableAt ? availableAt.toISOString() : null,
      state,
      session_id: r.session_id,
      reservation_id: r.reservation_id,
      payout_id: r.payout_id,
    };
  });
  const totals = new Map<string, { earned_cents: number; reversed_cents: number; paid_out_cents: number }>();
  for (const e of entries) {
    const t = totals.get(e.currency) ?? { earned_cents: 0, reversed_cents: 0, paid_out_cents: 0 };
    if (e.kind === 'session_earned') t.earned_cents += e.amount_cents;
    else if (e.kind === 'payout') t.paid_out_cents += -e.amount_cents;
    else if (e.kind !== 'payout_failed') t.reversed_cents += -e.amount_cents;
    else t.paid_out_cents -= e.amount_cents;
    totals.set(e.currency, t);
  }
  return {
    balances: (await tutorBalances(db, tutorId, now)).map((b) => ({
      currency: b.currency,
      pending_cents: b.pendingCents,
      available_cents: b.availableCents,
      in_transit_cents: b.inTransitCents,
      paid_cents: b.paidCents,
    })),
    commission_percent: (await commissionBpsOf(db, tutorId, policy)) / 100,
    dispute_window_days: policy.dispute_window_days,
    month: which,
    months: [...new Set([current, ...(await repo.tutorMonths(db, tutorId))])].sort().reverse(),
    entries,
    month_totals: [...totals].map(([currency, t]) => ({ currency, ...t })),
  };
}

export function statementCsv(e: EarningsResponse): string {
  const lines = [['date', 'description', 'currency', 'amount', 'state', 'available_at'].join(',')];
  for (const x of e.entries) {
    lines.push(
      [
        x.occurred_at,
        x.description,
        x.currency,
        (x.amount_cents / 100).toFixed(2),
        x.state,
        x.available_at ?? '',
      ]
        .map(csvCell)
        .join(','),
    );
  }
  for (const t of e.month_totals) {
    lines.push(['total earned', t.currency, (t.earned_cents / 100).toFixed(2)].map(csvCell).join(','));
    lines.push(['total reversed', t.currency, (t.reversed_cents / 100).toFixed(2)].map(csvCell).join(','));
    lines.push(['total paid out', t.currency, (t.paid_out_cents / 100).toFixed(2)].map(csvCell).join(','));
  }
  return `${lines.join('\n')}\n`;
}
