import { weekdayCodes, type WeekdayCode } from './messages.ts';
import { addDays, weekdayOf } from './slots.ts';
import { instantToWallClock, zonedTimeToInstant } from './time.ts';

/** A weekday of the plan moved to another weekday (or the same one) at a new time, in the tutor's zone. */
export type WeekdayMove = { from: WeekdayCode; to: WeekdayCode; time: string };

export type SeriesMoveSession = { id: string; startsAt: Date };
export type PlannedMove<S extends SeriesMoveSession> = { s: S; date: string; time: string; startsAt: Date };

const dayIndex = (code: WeekdayCode) => weekdayCodes.indexOf(code);
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** The booking's paid weeks: Monday of its first session's week to Sunday of its last one's (tutor's zone). */
export function paidWeeks(
  all: readonly { startsAt: Date }[],
  timeZone: string,
): { first: string; last: string } {
  const dates = all.map((s) => instantToWallClock(s.startsAt, timeZone).date).sort();
  const first = dates[0]!;
  const last = dates.at(-1)!;
  return {
    first: addDays(first, -dayIndex(weekdayOf(first))),
    last: addDays(last, 6 - dayIndex(weekdayOf(last))),
  };
}

/**
 * Where "this and the rest of the series" goes (decision 250), in the tutor's zone. The chosen session goes to
 * `date` at `time`; every later session on the chosen one's weekday moves by the same number of days, to the
 * same time. Every later session on another weekday of the plan moves only if `others` names that weekday: to
 * the named weekday of the same Monday-first week, at the named time; a weekday not named keeps its day and
 * time. So a Monday + Wednesday plan stays two sessions a week. Answers null when a moved session would leave
 * the booking's paid weeks (`weeks`).
 */
export function planSeriesMove<S extends SeriesMoveSession>(input: {
  targets: readonly S[];
  chosen: S;
  date: string;
  time: string;
  others: readonly WeekdayMove[];
  timeZone: string;
  weeks: { first: string; last: string };
}): PlannedMove<S>[] | null {
  const { timeZone } = input;
  const chosenDay = instantToWallClock(input.chosen.startsAt, timeZone).date;
  const chosenWeekday = weekdayOf(chosenDay);
  const shift = daysBetween(chosenDay, input.date);
  const moves: PlannedMove<S>[] = [];
  for (const s of input.targets) {
    const now = instantToWallClock(s.startsAt, timeZone);
    const weekday = weekdayOf(now.date);
    let date: string;
    let time: string;
    if (weekday === chosenWeekday) {
      date = addDays(now.date, shift);
      time = input.time;
    } else {
      const rule = input.others.find((o) => o.from === weekday);
      if (!rule) continue;
      date = addDays(now.date, dayIndex(rule.to) - dayIndex(weekday));
      time = rule.time;
    }
    if (date < input.weeks.first || date > input.weeks.last) return null;
    moves.push({ s, date, time, startsAt: zonedTimeToInstant(date, time, timeZone) });
  }
  return moves;
}

/** The weekdays of `targets` other than the chosen one's, with their present time (tutor's zone), in week order. */
export function otherWeekdays(
  targets: readonly SeriesMoveSession[],
  chosen: SeriesMoveSession,
  timeZone: string,
): { weekday: WeekdayCode; time: string }[] {
  const mine = weekdayOf(instantToWallClock(chosen.startsAt, timeZone).date);
  const seen = new Map<WeekdayCode, string>();
  for (const s of targets) {
    const w = instantToWallClock(s.startsAt, timeZone);
    const weekday = weekdayOf(w.date);
    if (weekday !== mine && !seen.has(weekday)) seen.set(weekday, w.time);
  }
  return [...seen]
    .map(([weekday, time]) => ({ weekday, time }))
    .sort((a, b) => dayIndex(a.weekday) - dayIndex(b.weekday));
}
