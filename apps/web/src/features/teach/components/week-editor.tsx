import { useTranslation } from 'react-i18next';
import { availabilityDays, type Availability, type TimeWindow } from '@tibeb/domain/tutors/contract';
import { weekdayLabels } from '@tibeb/domain/tutors/profile';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';

type Day = (typeof availabilityDays)[number];

/** The weekly times an applicant can teach (EAT): windows per weekday, added and removed with buttons. */
export function WeekEditor({
  value,
  onChange,
  disabled = false,
  idPrefix,
}: {
  value: Availability;
  onChange: (next: Availability) => void;
  disabled?: boolean;
  idPrefix: string;
}) {
  const { t } = useTranslation('teach');
  const update = (day: Day, windows: TimeWindow[]) => onChange({ ...value, [day]: windows });
  return (
    <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
      {availabilityDays.map((day) => {
        const dayName = t(weekdayLabels[day]);
        return (
          <li key={day} className="px-3 py-2">
            <fieldset>
              <legend className="text-sm font-medium text-stone-900">{dayName}</legend>
              <ul className="space-y-2">
                {value[day].map((w, i) => (
                  <li key={i} className="flex flex-wrap items-end gap-2">
                    <label className="text-sm" htmlFor={`${idPrefix}-${day}-${i}-start`}>
                      <span className="block text-stone-700">{t('From')}</span>
                      <input
                        id={`${idPrefix}-${day}-${i}-start`}
                        type="time"
                        step={1800}
                        disabled={disabled}
                        className={`${inputStyles} w-32`}
                        aria-label={t('{{day}} from', { day: dayName })}
                        value={w.start}
                        onChange={(e) =>
                          update(
                            day,
                            value[day].map((x, j) => (j === i ? { ...x, start: e.target.value } : x)),
                          )
                        }
                      />
                    </label>
                    <label className="text-sm" htmlFor={`${idPrefix}-${day}-${i}-end`}>
                      <span className="block text-stone-700">{t('To')}</span>
                      <input
                        id={`${idPrefix}-${day}-${i}-end`}
                        type="time"
                        step={1800}
                        disabled={disabled}
                        className={`${inputStyles} w-32`}
                        aria-label={t('{{day}} to', { day: dayName })}
                        value={w.end}
                        onChange={(e) =>
                          update(
                            day,
                            value[day].map((x, j) => (j === i ? { ...x, end: e.target.value } : x)),
                          )
                        }
                      />
                    </label>
                    {!disabled && (
                      <button
                        type="button"
                        className={`${buttonStyles.secondary} px-3 py-2`}
                        onClick={() =>
                          update(
                            day,
                            value[day].filter((_, j) => j !== i),
                          )
                        }
                      >
                        {t('Remove')} <span className="sr-only">{t('{{day}} times', { day: dayName })}</span>
                      </button>
                    )}
                  </li>
                ))}
              </ul>
              {!disabled && (
                <button
                  type="button"
                  className="mt-1 text-sm font-semibold text-brand-700 underline"
                  onClick={() => {
                    const last = value[day][value[day].length - 1];
                    const start = last && last.end < '21:00' ? last.end : '09:00';
                    const end =
                      last && last.end < '21:00'
                        ? `${String(Number(last.end.slice(0, 2)) + 2).padStart(2, '0')}${last.end.slice(2)}`
                        : '12:00';
                    update(day, [...value[day], { start, end }]);
                  }}
                >
                  {t('Add times')} <span className="sr-only">{t('on {{day}}', { day: dayName })}</span>
                </button>
              )}
            </fieldset>
          </li>
        );
      })}
    </ul>
  );
}
