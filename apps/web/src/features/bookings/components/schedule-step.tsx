import type { BookingFormValues } from '@tibeb/domain/bookings/form';
import {
  bookingLimits,
  bookingMessages,
  weekdayCodes,
  weekdayNames,
  type WeekdayCode,
} from '@tibeb/domain/bookings/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { inputStyles } from '../../../components/ui/button-styles.ts';
import { availabilityKeyPrefix, type MonthAvailability } from '../api/get-month-availability.ts';
import type { DayTimes } from '../hooks/use-schedule-availability.ts';
import type { YearMonth } from '../utils/calendar.ts';
import { useDates } from '../../../lib/dates.ts';
import { zoneLabel } from '../../../lib/visitor-zone.ts';
import { BookingCalendar } from './booking-calendar.tsx';
import { zonedTimeText } from './zoned-time.tsx';
import { template } from '../../../lib/translate-message.ts';

type Props = {
  durationField: UseFormRegisterReturn<'duration_hours'>;
  errors: FieldErrors<BookingFormValues>;
  canLoad: boolean;
  month: YearMonth;
  minMonth: YearMonth;
  today: string;
  available: MonthAvailability | undefined;
  locked: boolean;
  loadFailed: boolean;
  date: string;
  days: WeekdayCode[];
  daysTimes: Partial<Record<WeekdayCode, string>>;
  timeZone: string;
  visitorZone: string;
  timesFor: (day: WeekdayCode) => DayTimes;
  onSelectDate: (date: string) => void;
  onMonthChange: (month: YearMonth) => void;
  onToggleDay: (day: WeekdayCode, checked: boolean) => void;
  onTimeChange: (day: WeekdayCode, time: string) => void;
};

/** Step 2 (spec §2): calendar, duration, recurring days and a start time per day. */
export function ScheduleStep(props: Props) {
  const { durationField, errors, date, days, daysTimes, timeZone, visitorZone } = props;
  const { t } = useTranslation('booking');
  const dates = useDates();
  // Back from step 3 (a date already chosen), the times one tutor can teach are asked again: a time that went
  // meanwhile (the preview said so) is no longer offered, and the wizard clears it (decision 249).
  const queryClient = useQueryClient();
  const returning = date !== '';
  useEffect(() => {
    if (returning)
      void queryClient.invalidateQueries({ queryKey: [...availabilityKeyPrefix, 'subject-plan'] });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the step is shown again
  }, []);
  // Book by subject (decision 249): the one tutor free at every time chosen so far.
  const planTutor = days.map((d) => props.timesFor(d).planTutor).find((p) => p) ?? null;
  return (
    <div className="space-y-5">
      <p className="text-sm text-stone-600">
        {t("Times are shown in {{zone}}, the tutor's time, with your own time beside them when it differs.", {
          zone: zoneLabel(timeZone) === 'EAT' ? t('East Africa Time (EAT)') : timeZone,
        })}
      </p>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div>
          <h3 className="mb-2 text-sm font-semibold text-stone-800">{t('First session date')}</h3>
          {props.canLoad ? (
            <BookingCalendar
              month={props.month}
              minMonth={props.minMonth}
              today={props.today}
              available={props.available}
              locked={props.locked}
              selected={date}
              onSelect={props.onSelectDate}
              onMonthChange={props.onMonthChange}
            />
          ) : (
            <p className="rounded-xl border border-dashed border-stone-300 p-4 text-sm text-stone-600">
              {t('Available dates appear once a tutor or subject is chosen.')}
            </p>
          )}
          {props.loadFailed && (
            <p className="mt-2 text-sm text-red-700">
              {t('Available dates could not be loaded. Try another month or reload.')}
            </p>
          )}
          <p className="mt-2 text-sm text-stone-700" aria-live="polite">
            {date ? (
              <>
                {t('Selected:')} <strong>{dates.format(date, 'dayLong')}</strong>
              </>
            ) : (
              t('No date selected yet.')
            )}
          </p>
        </div>

        <div className="space-y-5">
          <div>
            <label htmlFor="bk-duration_hours" className="mb-1 block text-sm font-semibold text-stone-800">
              {t('Duration (hours)')}
            </label>
            <input
              id="bk-duration_hours"
              type="number"
              inputMode="decimal"
              min={bookingLimits.durationMinHours}
              max={bookingLimits.durationMaxHours}
              step={bookingLimits.durationStepHours}
              aria-describedby="bk-duration-hint"
              className={`${inputStyles} max-w-40`}
              {...durationField}
            />
            <p id="bk-duration-hint" className="mt-1 text-xs text-stone-500">
              {t('From 0.5 to 8 hours, in half hours.')}
            </p>
          </div>

          <fieldset aria-invalid={errors.days ? true : undefined}>
            <legend className="mb-2 text-sm font-semibold text-stone-800">
              {t('Recurring days (every week)')}
            </legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-3">
              {weekdayCodes.map((day) => (
                <label
                  key={day}
                  className="flex min-h-11 items-center gap-2 rounded-lg border border-stone-200 px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-700"
                    checked={days.includes(day)}
                    onChange={(e) => props.onToggleDay(day, e.target.checked)}
                  />
                  {t(weekdayNames[day])}
                </label>
              ))}
            </div>
          </fieldset>

          {days.length > 0 && (
            <div className="space-y-3">
              <h3 className="text-sm font-semibold text-stone-800">{t('Start times')}</h3>
              {weekdayCodes
                .filter((d) => days.includes(d))
                .map((day) => {
                  const { refDate, times } = props.timesFor(day);
                  const id = `bk-time-${day}`;
                  const current = daysTimes[day] ?? '';
                  return (
                    <div key={day}>
                      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
                        {t('Start time for {{day}}', { day: t(weekdayNames[day]) })}
                      </label>
                      {times === undefined ? (
                        <p className="text-sm text-stone-500">{t('Loading times…')}</p>
                      ) : times.length === 0 ? (
                        <p className="text-sm text-amber-800">
                          {t(template(bookingMessages.noTimesForDay, 'day'), { day: t(weekdayNames[day]) })}
                        </p>
                      ) : (
                        <select
                          id={id}
                          className={inputStyles}
                          value={times.includes(current) ? current : ''}
                          aria-invalid={errors.days_times && !current ? true : undefined}
                          onChange={(e) => props.onTimeChange(day, e.target.value)}
                        >
                          <option value="">{t('Select a time')}</option>
                          {times.map((time) => (
                            <option key={time} value={time}>
                              {zonedTimeText(refDate, time, timeZone, visitorZone, t, dates)}
                            </option>
                          ))}
                        </select>
                      )}
                    </div>
                  );
                })}
              {planTutor && (
                <p
                  className="rounded-lg bg-brand-50 px-3 py-2 text-sm break-words text-brand-900"
                  data-testid="plan-tutor"
                  aria-live="polite"
                >
                  {t('With {{tutor}}, who is free at the times you chose every week.', {
                    tutor: planTutor.full_name,
                  })}
                </p>
              )}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
