import { monthAvailability } from '@tibeb/domain/bookings/availability';
import { addDays, type BookedEntry } from '@tibeb/domain/bookings/slots';
import { instantToWallClock, zonedTimeToInstant } from '@tibeb/domain/bookings/time';
import { availabilityDays, type Availability } from '@tibeb/domain/tutors/contract';
import { dateInTimeOff } from '@tibeb/domain/tutors/profile';
import type { NextFree } from '@tibeb/domain/tutors/search';
import type { FastifyBaseLogger } from 'fastify';
import { subscribe } from '../../platform/cache/cache-bus.ts';
import type { Db } from '../../platform/db/client.ts';
import { bookingPolicy } from '../content/index.ts';
import { directoryCache, searchCache } from './directory.cache.ts';
import * as repo from './next-free.repository.ts';
import { selectAvailability, selectTimeOffOverlapping } from './tutors.repository.ts';

/**
 * A tutor's next free times (issue 28 item 4, decision 239), computed by the booking engine's own rule
 * (`monthAvailability` of packages/domain: the weekly windows on the 30-minute grid, minus the sessions that
 * occupy the tutor, minus days off, from now + the booking policy's lead time), for 1-hour lessons. The detail
 * computes them when it is read; the directory sorts and shows `tutors.next_free_at`, which is kept here:
 * recomputed for a tutor whenever its schedule or sessions change (the booked-cache invalidations, which every
 * change of sessions, holds, availability and time off already sends), and by the next-free job as time passes.
 */

/** Times are shown in EAT (the product's zone; the visitor's own zone is added by the web page). */
export const SHOWN_ZONE = 'Africa/Addis_Ababa';
export const LESSON_MINUTES = 60;
/** The directory's horizon: the next free start within 14 days, or none. */
export const SEARCH_HORIZON_DAYS = 14;
/** The tutor page: the next free starts within the week. */
export const PAGE_HORIZON_DAYS = 7;
export const PAGE_MAX_STARTS = 10;

const DAY_MS = 24 * 60 * 60_000;
/** A stored value with no free start is checked again after this (a new day enters the horizon). */
const RECHECK_NONE_MS = 60 * 60_000;
/** A tutor without any weekly window changes only through an edit (which recomputes at once). */
const RECHECK_NO_WINDOWS_MS = DAY_MS;
/** Any stored value is checked again at least this often (a changed booking policy, a lost message). */
const RECHECK_MAX_MS = 6 * 60 * 60_000;

export const toNextFree = (instant: Date): NextFree => {
  const wall = instantToWallClock(instant, SHOWN_ZONE);
  return { date: wall.date, time: wall.time, starts_at: instant.toISOString() };
};

type Inputs = {
  tutors: repo.BookableTutorRow[];
  windows: Map<number, Availability>;
  booked: Map<number, repo.ActiveRangeRow[]>;
  off: Map<number, (date: string) => boolean>;
  leadMinutes: number;
};

async function loadInputs(db: Db, ids: number[], now: Date, days: number): Promise<Inputs> {
  const tutors = await repo.selectBookableTutors(db, ids);
  const bookable = tutors.map((t) => Number(t.id));
  const windows = new Map<number, Availability>();
  for (const id of bookable)
    windows.set(id, Object.fromEntries(availabilityDays.map((d) => [d, []])) as unknown as Availability);
  for (const row of await selectAvailability(db, bookable)) {
    const week = windows.get(Number(row.tutor_id));
    if (week && (availabilityDays as readonly string[]).includes(row.weekday))
      week[row.weekday as keyof Availability].push({ start: row.start_time, end: row.end_time });
  }
  // One day wider on each side: sessions crossing midnight, and zones on either side of UTC.
  const from = new Date(now.getTime() - DAY_MS);
  const to = new Date(now.getTime() + (days + 1) * DAY_MS);
  const booked = new Map<number, repo.ActiveRangeRow[]>();
  for (const r of await repo.selectActiveRanges(db, bookable, from, to, now)) {
    const list = booked.get(Number(r.tutor_id)) ?? [];
    list.push(r);
    booked.set(Number(r.tutor_id), list);
  }
  const today = instantToWallClock(from, 'UTC').date;
  // Days off, as the booking engine reads them (catalog `daysOffOf`): dates in each tutor's zone.
  const offRows = await selectTimeOffOverlapping(db, bookable, today, addDays(today, days + 3));
  const off = new Map<number, (date: string) => boolean>();
  for (const id of bookable) {
    const mine = offRows.filter((r) => Number(r.tutor_id) === id);
    off.set(id, (date) => mine.some((row) => dateInTimeOff(date, row)));
  }
  const { lead_time_hours } = await bookingPolicy(db);
  return { tutors, windows, booked, off, leadMinutes: lead_time_hours * 60 };
}

/** Booked ranges as wall-clock entries per date in the tutor's zone (a session past midnight marks the next day). */
function bookedByDate(ranges: repo.ActiveRangeRow[], timeZone: string): Map<string, BookedEntry[]> {
  const byDate = new Map<string, BookedEntry[]>();
  const add = (date: string, start: string, minutes: number) => {
    const list = byDate.get(date) ?? [];
    list.push({ start, duration_minutes: minutes });
    byDate.set(date, list);
  };
  for (const r of ranges) {
    const startsAt = new Date(r.starts_at);
    const minutes = Math.round((new Date(r.ends_at).getTime() - startsAt.getTime()) / 60_000);
    const wall = instantToWallClock(startsAt, timeZone);
    add(wall.date, wall.time, minutes);
    let rest = wall.minutes + minutes - 24 * 60;
    let date = wall.date;
    while (rest > 0) {
      date = addDays(date, 1);
      add(date, '00:00', Math.min(rest, 24 * 60));
      rest -= 24 * 60;
    }
  }
  return byDate;
}

/** One tutor's free 1-hour starts in (now, now + days], earliest first, at most `limit`. */
function startsOf(
  inputs: Inputs,
  tutor: repo.BookableTutorRow,
  now: Date,
  days: number,
  limit: number,
): Date[] {
  const id = Number(tutor.id);
  const week = inputs.windows.get(id);
  if (!week || availabilityDays.every((d) => week[d].length === 0)) return [];
  const zone = tutor.time_zone;
  const booked = bookedByDate(inputs.booked.get(id) ?? [], zone);
  const off = inputs.off.get(id) ?? (() => false);
  const until = now.getTime() + days * DAY_MS;
  const first = instantToWallClock(now, zone).date;
  const last = instantToWallClock(new Date(until), zone).date;
  const out: Date[] = [];
  // Month by month (the engine's unit), from this month to the horizon's.
  let cursor = first.slice(0, 7);
  const lastMonth = last.slice(0, 7);
  while (cursor <= lastMonth && out.length < limit) {
    const [year, month] = cursor.split('-').map(Number) as [number, number];
    const available = monthAvailability({
      year,
      month,
      durationMinutes: LESSON_MINUTES,
      windows: (weekday) => week[weekday],
      booked: (date) => booked.get(date) ?? [],
      onlyFuture: true,
      now,
      timeZone: zone,
      leadMinutes: inputs.leadMinutes,
    });
    for (const date of Object.keys(available).sort()) {
      if (date < first || date > last || off(date)) continue;
      for (const time of available[date]!) {
        const at = zonedTimeToInstant(date, time, zone);
        if (at.getTime() <= now.getTime() || at.getTime() > until) continue;
        out.push(at);
        if (out.length >= limit) break;
      }
      if (out.length >= limit) break;
    }
    cursor = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  }
  return out;
}

/** The next free starts of each bookable tutor among `ids` (an unpublished tutor is left out). */
export async function nextFreeStarts(
  db: Db,
  ids: number[],
  opts: { now?: Date; days: number; limit: number },
): Promise<Map<number, Date[]>> {
  const now = opts.now ?? new Date();
  const inputs = await loadInputs(db, ids, now, opts.days);
  return new Map(inputs.tutors.map((t) => [Number(t.id), startsOf(inputs, t, now, opts.days, opts.limit)]));
}

/** The tutor page's next free times: up to 10 starts within the week, in EAT. */
export async function nextFreeTimesOf(db: Db, id: number, now = new Date()): Promise<NextFree[]> {
  const starts = await nextFreeStarts(db, [id], { now, days: PAGE_HORIZON_DAYS, limit: PAGE_MAX_STARTS });
  return (starts.get(id) ?? []).map(toNextFree);
}

/** When a stored next free time is to be computed again (see the decision's rule). */
function dueAfter(next: Date | null, hasWindows: boolean, now: Date, leadMinutes: number): Date {
  const cap = now.getTime() + RECHECK_MAX_MS;
  if (next) {
    // Just before the start falls inside the lead time (the job runs every minute).
    const slips = next.getTime() - leadMinutes * 60_000 - 60_000;
    return new Date(Math.max(now.getTime(), Math.min(slips, cap)));
  }
  return new Date(now.getTime() + (hasWindows ? RECHECK_NONE_MS : RECHECK_NO_WINDOWS_MS));
}

/**
 * Computes and stores the next free start of the bookable tutors among `ids`; the directory's search answers
 * are dropped (here and on every instance) when any of them changed. Answers how many changed.
 */
export async function refreshNextFree(db: Db, ids: number[], now = new Date()): Promise<number> {
  if (ids.length === 0) return 0;
  const inputs = await loadInputs(db, ids, now, SEARCH_HORIZON_DAYS);
  let changed = 0;
  const rows = inputs.tutors.map((t) => {
    const [next = null] = startsOf(inputs, t, now, SEARCH_HORIZON_DAYS, 1);
    const before = t.next_free_at ? new Date(t.next_free_at).getTime() : null;
    if ((next?.getTime() ?? null) !== before) changed += 1;
    const week = inputs.windows.get(Number(t.id));
    const hasWindows = !!week && availabilityDays.some((d) => week[d].length > 0);
    return { id: Number(t.id), nextFreeAt: next, dueAt: dueAfter(next, hasWindows, now, inputs.leadMinutes) };
  });
  await repo.storeNextFree(db, rows);
  if (changed > 0) searchCache(db).invalidate('tutors:search:');
  return changed;
}

/** The job's step: the tutors whose stored value is due, a batch at a time. */
export async function refreshDueNextFree(db: Db, now = new Date(), batch = 200) {
  const ids = await repo.selectDueTutorIds(db, now, batch);
  const changed = await refreshNextFree(db, ids, now);
  return { refreshed: ids.length, changed, full: ids.length === batch };
}

export async function nextFreeLag(db: Db, now: Date): Promise<Date | string | null> {
  return repo.oldestDue(db, now);
}

// ---------------------------------------------------------------------------------------------------------
// Recomputing on change. Every change of a tutor's sessions, holds, availability or time off invalidates the
// booking engine's cache of that tutor (bookings' booked.cache, bus name `booked`, key the tutor id), here and on
// every instance; the same message drops the tutor's cached detail and recomputes its stored next free time.

const bookedBus = 'booked';
type Pending = { ids: Set<number>; running: Promise<void> | null };
const pendingByDb = new WeakMap<object, Pending>();

function pendingOf(db: Db): Pending {
  let state = pendingByDb.get(db);
  if (!state) pendingByDb.set(db, (state = { ids: new Set(), running: null }));
  return state;
}

/** Recomputes the tutor's stored next free time soon (changes of one turn are taken together). */
export function scheduleNextFreeRefresh(db: Db, tutorId: number, log?: Pick<FastifyBaseLogger, 'error'>) {
  const state = pendingOf(db);
  state.ids.add(tutorId);
  if (state.running) return;
  state.running = (async () => {
    // Let the writer's other invalidations of this turn arrive first.
    await new Promise((resolve) => setImmediate(resolve));
    while (state.ids.size > 0) {
      const ids = [...state.ids].slice(0, 200);
      for (const id of ids) state.ids.delete(id);
      try {
        await refreshNextFree(db, ids);
      } catch (err) {
        // The job computes it again when it is due; a failed refresh loses nothing but time.
        log?.error({ err, tutors: ids }, 'next free time refresh failed');
      }
    }
  })().finally(() => {
    state.running = null;
  });
}

/** Resolves once no recomputation of `db` is pending (tests, and the app's close). */
export async function nextFreeIdle(db: Db): Promise<void> {
  const state = pendingByDb.get(db);
  while (state?.running) await state.running;
}

/**
 * Listens for the booking engine's invalidations on behalf of an app: drops the tutor's cached detail (its next
 * free times) and recomputes its stored next free time. Returns the function that stops listening.
 */
export function watchTutorSchedules(db: Db, log: Pick<FastifyBaseLogger, 'error'>): () => void {
  return subscribe(bookedBus, (key) => {
    if (key === null || key === '') {
      directoryCache(db).drop('tutors:detail:');
      return;
    }
    const id = Number(key);
    if (!Number.isSafeInteger(id) || id <= 0) return;
    directoryCache(db).drop(`tutors:detail:${id}`);
    scheduleNextFreeRefresh(db, id, log);
  });
}
