import { weekdayNames, weekdayCodes } from '@tibeb/domain/bookings/messages';
import { ethiopianDateOf, ethiopianMonthSpan } from '@tibeb/domain/dates/ethiopic';
import { useTranslation } from 'react-i18next';
import { useDates } from '../../../lib/dates.ts';
import type { MonthAvailability } from '../api/get-month-availability.ts';
import { addMonths, compareMonths, monthGrid, type YearMonth } from '../utils/calendar.ts';

type Props = {
  month: YearMonth;
  minMonth: YearMonth;
  today: string;
  available: MonthAvailability | undefined;
  locked: boolean;
  selected: string;
  onSelect: (date: string) => void;
  onMonthChange: (month: YearMonth) => void;
};

/**
 * Month calendar, Monday first (spec §2). Locked (faded, no clicks, aria-busy) until the month's availability
 * is loaded; past days and days without an available slot are disabled. With Ethiopian dates (Amharic, or the
 * English visitor's choice) the header names the Ethiopian months the month spans and each day shows its
 * Ethiopian day number, small, beside the Gregorian one (issue 18).
 */
export function BookingCalendar({
  month,
  minMonth,
  today,
  available,
  locked,
  selected,
  onSelect,
  onMonthChange,
}: Props) {
  const { t } = useTranslation('booking');
  const dates = useDates();
  const canGoBack = compareMonths(month, minMonth) > 0;
  const label = dates.month(month);
  return (
    <div className="rounded-xl border border-stone-200 p-3 sm:p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => onMonthChange(addMonths(month, -1))}
          disabled={!canGoBack}
          aria-label={t('Previous month')}
          className="flex h-10 w-10 items-center justify-center rounded-lg text-xl text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-30"
        >
          ‹
        </button>
        <h3 className="text-center text-base font-semibold text-stone-900" aria-live="polite">
          {dates.ethiopian ? (
            <>
              {dates.month(month, 'month', false)}
              <span className="sr-only"> · </span>
              <span className="block text-xs font-medium text-brand-700" data-testid="ethiopian-months">
                {ethiopianMonthSpan(month.year, month.month, dates.language)}
              </span>
            </>
          ) : (
            label
          )}
        </h3>
        <button
          type="button"
          onClick={() => onMonthChange(addMonths(month, 1))}
          aria-label={t('Next month')}
          className="flex h-10 w-10 items-center justify-center rounded-lg text-xl text-brand-800 hover:bg-brand-50"
        >
          ›
        </button>
      </div>
      <div
        role="grid"
        aria-label={t('Dates in {{month}}', { month: label })}
        aria-busy={locked}
        data-testid="booking-calendar"
        className={`transition-opacity ${locked ? 'pointer-events-none opacity-40' : ''}`}
      >
        <div
          role="row"
          className="grid grid-cols-7 gap-1 pb-1 text-center text-xs font-medium text-stone-500"
        >
          {weekdayCodes.map((code) => (
            <span role="columnheader" key={code} aria-label={t(weekdayNames[code])}>
              {t(weekdayNames[code].slice(0, 3))}
            </span>
          ))}
        </div>
        {monthGrid(month).map((week, w) => (
          <div role="row" key={w} className="grid grid-cols-7 gap-1">
            {week.map((date, d) => {
              if (!date) return <span role="gridcell" key={`pad-${d}`} />;
              const slots = available?.[date] ?? [];
              const disabled = locked || date < today || slots.length === 0;
              const isSelected = date === selected;
              const ethiopianDay = dates.ethiopian ? ethiopianDateOf(date).day : null;
              return (
                <span role="gridcell" key={date}>
                  <button
                    type="button"
                    data-date={date}
                    disabled={disabled}
                    aria-pressed={isSelected}
                    aria-label={`${dates.format(date, 'dayLong')}${
                      disabled
                        ? ''
                        : `, ${slots.length === 1 ? t('1 start time') : t('{{count}} start times', { count: slots.length })}`
                    }`}
                    onClick={() => onSelect(date)}
                    className={`flex h-10 w-full items-center justify-center gap-0.5 rounded-lg text-sm sm:h-11 ${
                      isSelected
                        ? 'bg-brand-700 font-semibold text-white'
                        : disabled
                          ? 'cursor-not-allowed text-stone-300 line-through decoration-stone-300'
                          : 'bg-brand-50 font-medium text-brand-800 hover:bg-brand-100'
                    } ${date === today && !isSelected ? 'ring-1 ring-accent-500' : ''}`}
                  >
                    {Number(date.slice(8))}
                    {ethiopianDay !== null && (
                      <span
                        aria-hidden="true"
                        data-testid="ethiopian-day"
                        className={`self-end pb-1 text-[10px] leading-none ${ethiopianDay === 1 ? 'font-bold' : 'opacity-75'}`}
                      >
                        {ethiopianDay}
                      </span>
                    )}
                  </button>
                </span>
              );
            })}
          </div>
        ))}
      </div>
      {locked && (
        <p role="status" className="mt-2 text-center text-xs text-stone-500">
          {t('Loading available dates…')}
        </p>
      )}
    </div>
  );
}
