import {
  REPORT_TUTOR_LIMIT,
  monthsBetween,
  type AdminReport,
  type ReportRangeQuery,
  type ReportTable,
} from '@tibeb/domain/reports/contracts';
import { centsToDecimal, toCsv } from '@tibeb/domain/reports/csv';
import type { DbOrTx } from '../../platform/db/client.ts';
import { snapshotCached } from './reports.cache.ts';
import * as repo from './reports.repository.ts';

const TZ = 'Africa/Addis_Ababa';
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** Today's date in East Africa Time, as YYYY-MM-DD. */
function todayEat(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The range asked for; without one, the last twelve months (from the first of the month eleven months back). */
export function resolveRange(query: ReportRangeQuery, now = new Date()): { from: string; to: string } {
  const to = query.to ?? todayEat(now);
  if (query.from) return { from: query.from, to };
  const [y, m] = to.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 - 11, 1));
  return { from: first.toISOString().slice(0, 10), to };
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};
const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** How many times `weekday` occurs between two dates, both included (none when `to` is before `from`). */
export function weekdayCountBetween(from: string, to: string, weekday: string): number {
  const index = WEEKDAYS.indexOf(weekday as (typeof WEEKDAYS)[number]);
  const days = Math.floor((dayMs(to) - dayMs(from)) / DAY_MS) + 1;
  if (index < 0 || days <= 0) return 0;
  const firstDow = new Date(dayMs(from)).getUTCDay();
  return Math.floor(days / 7) + ((index - firstDow + 7) % 7 < days % 7 ? 1 : 0);
}

/**
 * Each tutor's offered minutes over [from, to] (decision 264): every day counts the windows of the version in force
 * that day (the last one that took effect on or before it, EAT), and no day before the tutor was created counts.
 * A tutor without a version offered nothing. Linear in versions × windows, whatever the range's length.
 */
export function offeredMinutesByTutor(
  versions: readonly repo.AvailabilityVersionRow[],
  from: string,
  to: string,
): Map<number, number> {
  const byTutor = new Map<number, repo.AvailabilityVersionRow[]>();
  for (const v of versions) byTutor.set(v.tutor_id, [...(byTutor.get(v.tutor_id) ?? []), v]);
  const offered = new Map<number, number>();
  for (const [tutorId, list] of byTutor) {
    const sorted = [...list].sort((a, b) => a.from_day.localeCompare(b.from_day));
    let total = 0;
    for (const [k, v] of sorted.entries()) {
      const next = sorted[k + 1];
      // Several versions on one day: the day's last one is in force that day.
      if (next && next.from_day === v.from_day) continue;
      const segStart = [from, v.from_day, v.created_day].sort().at(-1)!;
      const segEnd = next ? [to, dayOf(dayMs(next.from_day) - DAY_MS)].sort()[0]! : to;
      if (segStart > segEnd) continue;
      for (const w of v.windows) {
        const minutes = Math.max(0, minutesOf(w.endTime) - minutesOf(w.startTime));
        total += minutes * weekdayCountBetween(segStart, segEnd, w.weekday);
      }
    }
    offered.set(tutorId, total);
  }
  return offered;
}

/** How many times each weekday occurs between two dates, both included. */
export function weekdayCounts(from: string, to: string): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(WEEKDAYS.map((d) => [d, 0]));
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) {
    counts[WEEKDAYS[new Date(t).getUTCDay()]!]! += 1;
  }
  return counts;
}

/**
 * Every table of the range. The per-tutor tables hold the busiest `tutor_limit` active tutors (default
 * REPORT_TUTOR_LIMIT; `tutorLimit: null`: every one, for the CSV) (decision 241).
 */
export async function buildReport(
  db: DbOrTx,
  query: ReportRangeQuery & { tutor_limit?: number },
  tutorLimit: number | null = query.tutor_limit ?? REPORT_TUTOR_LIMIT,
): Promise<AdminReport> {
  const range = resolveRange(query);
  // The same range on the same data answers what was computed for it (decision 241: reports.cache.ts).
  return snapshotCached(db, `report|${range.from}|${range.to}|${tutorLimit ?? 'all'}`, () =>
    computeReport(db, range, tutorLimit),
  );
}

async function computeReport(
  db: DbOrTx,
  { from, to }: { from: string; to: string },
  tutorLimit: number | null,
): Promise<AdminReport> {
  const [revenue, bySubject, tutors, families, cancellations] = [
    await repo.revenueByMonth(db, from, to),
    await repo.sessionsBySubject(db, from, to),
    await repo.sessionsByTutor(db, from, to, tutorLimit),
    await repo.newFamiliesByMonth(db, from, to),
    await repo.cancellationsByMonth(db, from, to),
  ];
  const byTutor = tutors.rows;
  const versions = await repo.availabilityVersions(
    db,
    byTutor.map((r) => r.tutor_id),
    to,
  );
  const months = monthsBetween(from, to);

  const currencies = [...new Set([...revenue.paid, ...revenue.refunded].map((r) => r.currency))].sort();
  const revenueRows = currencies.flatMap((currency) =>
    months.map((month) => {
      const paid = revenue.paid.find((r) => r.month === month && r.currency === currency);
      const refunded = revenue.refunded.find((r) => r.month === month && r.currency === currency)?.cents ?? 0;
      const paidCents = paid?.cents ?? 0;
      return {
        month,
        currency,
        paid_cents: paidCents,
        refunded_cents: refunded,
        net_cents: paidCents - refunded,
        payments: paid?.payments ?? 0,
      };
    }),
  );

  // Offered hours from the availability in force each day, never before the tutor existed (decision 264).
  const offeredMinutes = offeredMinutesByTutor(versions, from, to);

  return {
    from,
    to,
    revenue: revenueRows,
    sessions_by_subject: bySubject.map((r) => ({
      subject: r.subject,
      sessions: r.sessions,
      hours: hours(r.seconds),
    })),
    sessions_by_tutor: byTutor.map((r) => ({
      tutor_id: r.tutor_id,
      tutor_name: r.tutor_name,
      sessions: r.sessions,
      hours: hours(r.seconds),
    })),
    utilisation: byTutor.map((r) => {
      const offered = Math.round(((offeredMinutes.get(r.tutor_id) ?? 0) / 60) * 100) / 100;
      const booked = hours(r.seconds);
      return {
        tutor_id: r.tutor_id,
        tutor_name: r.tutor_name,
        booked_hours: booked,
        offered_hours: offered,
        utilisation: offered > 0 ? Math.round((booked / offered) * 1000) / 1000 : null,
      };
    }),
    new_families: months.map((month) => ({
      month,
      families: families.find((f) => f.month === month)?.families ?? 0,
    })),
    cancellations: months.map((month) => ({
      month,
      sessions_cancelled: cancellations.sessions.find((c) => c.month === month)?.n ?? 0,
      reservations_cancelled: cancellations.reservations.find((c) => c.month === month)?.n ?? 0,
    })),
    tutors_total: tutors.total,
  };
}

/** One table of the report as CSV (amounts as decimals with their currency). */
export function reportCsv(report: AdminReport, table: ReportTable): string {
  switch (table) {
    case 'revenue':
      return toCsv(
        ['month', 'currency', 'paid', 'refunded', 'net', 'payments'],
        report.revenue.map((r) => [
          r.month,
          r.currency,
          centsToDecimal(r.paid_cents),
          centsToDecimal(r.refunded_cents),
          centsToDecimal(r.net_cents),
          r.payments,
        ]),
      );
    case 'sessions_by_subject':
      return toCsv(
        ['subject', 'sessions', 'hours'],
        report.sessions_by_subject.map((r) => [r.subject, r.sessions, r.hours]),
      );
    case 'sessions_by_tutor':
      return toCsv(
        ['tutor', 'sessions', 'hours'],
        report.sessions_by_tutor.map((r) => [r.tutor_name, r.sessions, r.hours]),
      );
    case 'utilisation':
      return toCsv(
        ['tutor', 'booked_hours', 'offered_hours', 'utilisation_percent'],
        report.utilisation.map((r) => [
          r.tutor_name,
          r.booked_hours,
          r.offered_hours,
          r.utilisation === null ? '' : Math.round(r.utilisation * 1000) / 10,
        ]),
      );
    case 'new_families':
      return toCsv(
        ['month', 'new_families'],
        report.new_families.map((r) => [r.month, r.families]),
      );
    case 'cancellations':
      return toCsv(
        ['month', 'sessions_cancelled', 'reservations_cancelled'],
        report.cancellations.map((r) => [r.month, r.sessions_cancelled, r.reservations_cancelled]),
      );
  }
}
