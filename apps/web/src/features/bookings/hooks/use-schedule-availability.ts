import { addDays, weekdayOf } from '@tibeb/domain/bookings/slots';
import type { WeekdayCode } from '@tibeb/domain/bookings/messages';
import { useMemo } from 'react';
import {
  useMonthAvailability,
  useSubjectPlan,
  type AvailabilityTarget,
  type MonthAvailability,
} from '../api/get-month-availability.ts';
import { compareMonths, monthOf, type YearMonth } from '../utils/calendar.ts';

export type DayTimes = {
  refDate: string | null;
  times: string[] | undefined;
  /** Book by subject (decision 249): the tutor free at every time chosen so far (null: none yet). */
  planTutor?: { id: number; full_name: string } | null;
};

/**
 * The availability the schedule step needs: the visible month (for the calendar), the chosen date's month and,
 * near a month's end, the next month (a weekday's next occurrence may fall there).
 *
 * The start times offered for a weekday (decision 081): for the chosen date's weekday, the times still
 * available on that date; for another weekday, those of its next occurrence after the date (before a date is
 * chosen: its first bookable date in the visible month). Booking by subject, once the first date's time is
 * chosen (decision 249): only the times at which one tutor is free for every session with the other chosen
 * times, from the server's plan answer, and that tutor.
 */
export function useScheduleAvailability({
  target,
  viewMonth,
  date,
  durationMinutes,
  today,
  daysTimes = {},
}: {
  target: AvailabilityTarget | null;
  viewMonth: YearMonth;
  date: string;
  durationMinutes: number;
  today: string;
  /** The times chosen so far (book by subject asks which fit one tutor together). */
  daysTimes?: Partial<Record<WeekdayCode, string>>;
}) {
  const params = (m: YearMonth | null) => (target && m ? { target, ...m, durationMinutes } : null);
  const dateMonth = date ? monthOf(date) : null;
  const lastWeekMonth = date ? monthOf(addDays(date, 6)) : null;
  const needsNext = dateMonth && lastWeekMonth && compareMonths(lastWeekMonth, dateMonth) !== 0;

  const view = useMonthAvailability(params(viewMonth));
  const ofDate = useMonthAvailability(params(dateMonth));
  const next = useMonthAvailability(params(needsNext ? lastWeekMonth : null));
  const firstTime = date ? daysTimes[weekdayOf(date)] : undefined;
  const planWanted = target?.mode === 'subject' && !!date && !!firstTime;
  const planQuery = useSubjectPlan(
    planWanted && target?.mode === 'subject'
      ? { subject: target.subject, durationMinutes, choice: { date, daysTimes } }
      : null,
  );
  const plan = planQuery.data && planQuery.data.date === date ? planQuery.data : undefined;

  const merged: MonthAvailability = useMemo(
    () => ({ ...(next.data ?? {}), ...(ofDate.data ?? {}), ...(view.data ?? {}) }),
    [next.data, ofDate.data, view.data],
  );

  const dateReady = !!date && ofDate.isSuccess && !ofDate.isFetching;
  const slotsOnDate: string[] | undefined = date && ofDate.data ? (ofDate.data[date] ?? []) : undefined;

  const timesFor = (day: WeekdayCode): DayTimes => {
    if (date) {
      let ref = date;
      while (weekdayOf(ref) !== day) ref = addDays(ref, 1);
      if (!firstTime || !planWanted || planQuery.isError || planQuery.data === null)
        return { refDate: ref, times: merged[ref] };
      // Until the plan is in, the other days wait: a time another tutor's could be picked meanwhile.
      if (!plan) return { refDate: ref, times: ref === date ? merged[ref] : undefined };
      // The first date's own times stay the calendar's: the other days follow the time chosen there.
      const times = ref === date ? merged[ref] : (plan.times[day] ?? []).map((x) => x.time);
      return { refDate: ref, times, planTutor: plan.tutor };
    }
    if (!view.data) return { refDate: null, times: undefined };
    const ref = Object.keys(view.data)
      .sort()
      .find((d) => d >= today && weekdayOf(d) === day && (view.data[d]?.length ?? 0) > 0);
    return ref ? { refDate: ref, times: view.data[ref] } : { refDate: null, times: [] };
  };

  const allSettled =
    !view.isFetching &&
    !ofDate.isFetching &&
    !next.isFetching &&
    !planQuery.isFetching &&
    (!date || ofDate.isSuccess) &&
    (!needsNext || next.isSuccess);

  return {
    view,
    viewData: view.data,
    /** The visible month is being (re)loaded: the calendar stays locked. */
    viewLoading: target !== null && (view.isFetching || !view.data),
    viewError: view.isError && !view.isFetching,
    slotsOnDate,
    dateReady,
    timesFor,
    allSettled,
    /** Bumps whenever new month data arrives, to re-check the chosen times. */
    dataStamp: `${view.dataUpdatedAt}:${ofDate.dataUpdatedAt}:${next.dataUpdatedAt}:${planQuery.dataUpdatedAt}`,
  };
}
