import { useTranslation } from 'react-i18next';
import type { WeekdayMove } from '@tibeb/domain/bookings/series-move';
import { weekdayCodes, type WeekdayCode } from '@tibeb/domain/bookings/messages';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useReschedulePreview } from '../api/reschedule-session.ts';
import { sessionTimes } from './time.ts';

const weekdayNames: Record<WeekdayCode, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const selectStyles =
  'mt-1 block w-full min-w-0 rounded-md border border-stone-300 bg-white px-2 py-1 text-sm focus:outline-2 focus:outline-emerald-700';

/**
 * "This and the rest" (decision 250): a choice per other weekday of the plan (keep it, or a new weekday and time),
 * then every session that would move, old → new, as the server's dry run answers it, before the Move button.
 */
export function SeriesMovePreview({
  sessionId,
  date,
  time,
  others,
  onOthers,
  familyZone,
  times,
}: {
  sessionId: string;
  date: string;
  time: string;
  others: readonly WeekdayMove[];
  onOthers: (next: WeekdayMove[]) => void;
  familyZone: string;
  /** The start times (EAT) the tutor offers this month, for the other weekdays' time lists. */
  times: readonly string[];
}) {
  const { t } = useTranslation('family');
  const dates = useDates();
  const preview = useReschedulePreview({ id: sessionId, date, time, scope: 'series', others: [...others] });
  const name = (code: WeekdayCode) => t(weekdayNames[code], { ns: 'booking' });
  const show = (iso: string) => {
    const at = sessionTimes(iso, familyZone, undefined, t, dates);
    return at.local ? `${at.eat} · ${at.local}` : at.eat;
  };
  const setRule = (from: WeekdayCode, rule: WeekdayMove | null) =>
    onOthers([...others.filter((o) => o.from !== from), ...(rule ? [rule] : [])]);

  const weekdays = preview.data?.others ?? [];
  return (
    <span className="mt-2 block space-y-3" data-testid="series-move-preview">
      {weekdays.map(({ weekday, time: now }) => {
        const rule = others.find((o) => o.from === weekday);
        const choices = [...new Set([now, ...times])].sort();
        return (
          <span key={weekday} className="block rounded-md border border-stone-200 p-2">
            <span className="block font-medium">
              {t('Your {{weekday}} sessions ({{time}} EAT)', { weekday: name(weekday), time: now })}
            </span>
            <span className="mt-1 grid gap-2 sm:grid-cols-2">
              <label className="block text-sm">
                {t('Move them to')}
                <select
                  className={selectStyles}
                  value={rule?.to ?? ''}
                  onChange={(e) =>
                    setRule(
                      weekday,
                      e.target.value
                        ? { from: weekday, to: e.target.value as WeekdayCode, time: rule?.time ?? now }
                        : null,
                    )
                  }
                >
                  <option value="">{t('Keep as they are')}</option>
                  {weekdayCodes.map((code) => (
                    <option key={code} value={code}>
                      {name(code)}
                    </option>
                  ))}
                </select>
              </label>
              {rule && (
                <label className="block text-sm">
                  {t('New time (EAT)')}
                  <select
                    className={selectStyles}
                    value={rule.time}
                    onChange={(e) => setRule(weekday, { ...rule, time: e.target.value })}
                  >
                    {choices.map((slot) => (
                      <option key={slot} value={slot}>
                        {slot}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </span>
          </span>
        );
      })}
      {preview.isPending ? (
        <span className="block">{t('Checking the new dates...')}</span>
      ) : preview.isError ? (
        <span className="block text-red-800" role="alert">
          {translateAnswer(t, preview.error) ?? t('Please try again.')}
        </span>
      ) : (
        <span className="block">
          <span className="block font-medium">
            {t('The new dates ({{count}} sessions):', { count: preview.data.moves.length })}
          </span>
          <span className="mt-1 block space-y-1" data-testid="series-move-dates">
            {preview.data.moves.map((m) => (
              <span key={m.session_id} className="block break-words">
                {show(m.from)} → <span className="font-medium">{show(m.to)}</span>
              </span>
            ))}
          </span>
        </span>
      )}
    </span>
  );
}
