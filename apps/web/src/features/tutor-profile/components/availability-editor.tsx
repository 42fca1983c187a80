import { useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import { availabilityDays, type Availability, type TimeWindow } from '@tibeb/domain/tutors/contract';
import { weekdayLabels } from '@tibeb/domain/tutors/profile';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { useSaveAvailability } from '../api/save-availability.ts';
import type { ProfileScope } from '../api/scope.ts';
import { translateFieldError } from '../../../lib/translate-message.ts';
import { SaveProblem } from './problem.tsx';

export type AvailabilityEditorProps = {
  scope: ProfileScope;
  /** The saved week (the profile's `availability`). */
  availability: Availability;
  /** The zone the times are in, shown beside them ('Africa/Addis_Ababa' reads "EAT"). */
  timeZone?: string;
};

type Day = (typeof availabilityDays)[number];

const zoneLabel = (zone: string) => (zone === 'Africa/Addis_Ababa' ? 'EAT' : zone);

/**
 * The weekly availability: windows per weekday, wall clock in the tutor's zone. Saving replaces the week; the
 * server refuses (and lists) any session to come that would fall outside, and the list is shown.
 */
export function AvailabilityEditor({
  scope,
  availability,
  timeZone = 'Africa/Addis_Ababa',
}: AvailabilityEditorProps) {
  const { t } = useTranslation('tutor');
  const [week, setWeek] = useState<Availability>(availability);
  const [saved, setSaved] = useState(false);
  const save = useSaveAvailability(scope);

  const formId = useId();
  // The server's errors by row (`sun.0`, `sun.0.end`) and by day (`sun`: overlapping windows), each under its row in
  // the interface's language, never as a path (issue 31 item 3).
  const dayError = (day: Day) => translateFieldError(t, save.error, day);
  const rowError = (day: Day, i: number) => translateFieldError(t, save.error, `${day}.${i}.`);
  const rowInvalid = (day: Day, i: number) =>
    rowError(day, i)
      ? { 'aria-invalid': true, 'aria-describedby': `${formId}-${day}-${i}-error` }
      : dayError(day)
        ? { 'aria-invalid': true, 'aria-describedby': `${formId}-${day}-error` }
        : {};

  const update = (day: Day, windows: TimeWindow[]) => {
    setSaved(false);
    setWeek((w) => ({ ...w, [day]: windows }));
  };

  return (
    <form
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
      aria-label={t('Weekly availability')}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(week, { onSuccess: () => setSaved(true) });
      }}
    >
      <p className="text-sm text-stone-600">
        {t('Times are {{zone}}. Families book whole sessions inside these windows.', {
          zone: zoneLabel(timeZone),
        })}
      </p>
      <ul className="divide-y divide-stone-200">
        {availabilityDays.map((day) => (
          <li key={day} className="py-3">
            <fieldset>
              <legend className="font-medium text-stone-900">{t(weekdayLabels[day])}</legend>
              {dayError(day) && (
                <p id={`${formId}-${day}-error`} className="mt-1 text-sm break-words text-red-700">
                  {dayError(day)}
                </p>
              )}
              {week[day].length === 0 && <p className="mt-1 text-sm text-stone-600">{t('Not available')}</p>}
              <ul className="mt-2 space-y-2">
                {week[day].map((w, i) => (
                  <li key={i} className="flex flex-wrap items-end gap-2">
                    {rowError(day, i) && (
                      <p
                        id={`${formId}-${day}-${i}-error`}
                        className="w-full text-sm break-words text-red-700"
                      >
                        {rowError(day, i)}
                      </p>
                    )}
                    <label className="text-sm">
                      <span className="block text-stone-700">{t('From')}</span>
                      <input
                        type="time"
                        step={1800}
                        className={`${inputStyles} w-32`}
                        aria-label={t('{{day}} window {{n}} from', { day: t(weekdayLabels[day]), n: i + 1 })}
                        {...rowInvalid(day, i)}
                        value={w.start}
                        onChange={(e) =>
                          update(
                            day,
                            week[day].map((x, j) => (j === i ? { ...x, start: e.target.value } : x)),
                          )
                        }
                      />
                    </label>
                    <label className="text-sm">
                      <span className="block text-stone-700">{t('To')}</span>
                      <input
                        type="time"
                        step={1800}
                        className={`${inputStyles} w-32`}
                        aria-label={t('{{day}} window {{n}} to', { day: t(weekdayLabels[day]), n: i + 1 })}
                        {...rowInvalid(day, i)}
                        value={w.end}
                        onChange={(e) =>
                          update(
                            day,
                            week[day].map((x, j) => (j === i ? { ...x, end: e.target.value } : x)),
                          )
                        }
                      />
                    </label>
                    <button
                      type="button"
                      className={`${buttonStyles.secondary} px-3`}
                      onClick={() =>
                        update(
                          day,
                          week[day].filter((_, j) => j !== i),
                        )
                      }
                    >
                      {t('Remove')}{' '}
                      <span className="sr-only">
                        {' '}
                        {t('{{day}} window {{n}}', { day: t(weekdayLabels[day]), n: i + 1 })}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="mt-2 text-sm font-semibold text-brand-700 underline"
                onClick={() => {
                  const last = week[day][week[day].length - 1];
                  const start = last ? last.end : '09:00';
                  const end = last
                    ? last.end < '22:00'
                      ? `${String(Number(last.end.slice(0, 2)) + 1).padStart(2, '0')}${last.end.slice(2)}`
                      : '23:30'
                    : '12:00';
                  update(day, [...week[day], { start, end }]);
                }}
              >
                {t('Add a window')}{' '}
                <span className="sr-only">{t('on {{day}}', { day: t(weekdayLabels[day]) })}</span>
              </button>
            </fieldset>
          </li>
        ))}
      </ul>
      <SaveProblem error={save.error} shown={availabilityDays} />
      {saved && <Alert tone="success">{t('Availability saved. Families see the new times at once.')}</Alert>}
      <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
        {save.isPending ? t('Saving…') : t('Save availability')}
      </button>
    </form>
  );
}
