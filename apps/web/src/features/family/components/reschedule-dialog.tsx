import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FamilySession } from '@tibeb/domain/family/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/dates.ts';
import { useGetFreeTimes } from '../api/get-free-times.ts';
import { useRescheduleSession } from '../api/reschedule-session.ts';
import { translateFamilyMessage } from '../utils/translate.ts';
import { sessionTimes } from './time.ts';

type Scope = 'one' | 'series';

const monthOf = (iso: string, timeZone: string) => {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone })
    .format(new Date(iso))
    .split('-')
    .map(Number);
  return { year: y!, month: m! };
};
/** The instant of an EAT wall-clock time (UTC+3, no daylight saving). */
const eatInstant = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`).toISOString();

/** Moves a session (or the rest of its series) to one of the tutor's real free times (issue 15 item 2). */
export function RescheduleDialog({
  session,
  familyZone,
  onClose,
}: {
  session: FamilySession;
  familyZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('family');
  const dateText = useDates();
  const [{ year, month }, setMonth] = useState(() => monthOf(session.starts_at, session.time_zone));
  const [scope, setScope] = useState<Scope>('one');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const free = useGetFreeTimes(
    session.tutor_id,
    year,
    month,
    session.duration_minutes,
    session.terms.in_time,
  );
  const move = useRescheduleSession();
  const dates = Object.entries(free.data?.available ?? {})
    .filter(([, times]) => times.length > 0)
    .sort(([a], [b]) => a.localeCompare(b));
  const times = dates.find(([d]) => d === date)?.[1] ?? [];
  const when = sessionTimes(session.starts_at, familyZone, session.time_zone, t, dateText);
  const shift = (delta: number) => {
    const d = new Date(Date.UTC(year, month - 1 + delta, 1));
    setMonth({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 });
    setDate('');
    setTime('');
  };
  const error =
    move.error instanceof ApiError
      ? translateFamilyMessage(t, move.error.message)
      : move.error
        ? t('Please try again.')
        : null;
  const chosen =
    date && time ? sessionTimes(eatInstant(date, time), familyZone, undefined, t, dateText) : null;

  return (
    <Dialog open onClose={onClose} title={t('Reschedule a session')}>
      {move.isSuccess ? (
        <div className="space-y-4">
          <Alert tone="success">
            {t('Moved to {{time}}. Your tutor has been told.', {
              time: `${chosen?.eat}${chosen?.local ? ` (${chosen.local})` : ''}`,
            })}
          </Alert>
          <button type="button" className={buttonStyles.primary} onClick={onClose}>
            {t('Done')}
          </button>
        </div>
      ) : !session.terms.in_time ? (
        <div className="space-y-4">
          <Alert tone="info">
            {t(
              'This session starts in less than {{hours}} hours, so it can no longer be moved here. Please message your tutor or contact us.',
              { hours: session.terms.notice_hours },
            )}
          </Alert>
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            {t('Close')}
          </button>
        </div>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (date && time) move.mutate({ id: session.id, date, time, scope });
          }}
        >
          <p className="text-stone-700">
            {t('Now:')} <span className="font-medium">{when.eat}</span>
            {when.local && <span className="block text-sm text-stone-600">{when.local}</span>}
          </p>
          <p className="text-sm text-emerald-800">
            {t('Moving is free until {{hours}} hours before the start.', {
              hours: session.terms.notice_hours,
            })}
          </p>
          {session.terms.series_count > 1 && (
            <fieldset>
              <legend className="mb-1 font-medium text-stone-900">{t('What to move')}</legend>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="move-scope"
                  checked={scope === 'one'}
                  onChange={() => setScope('one')}
                />
                {t('This session only')}
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="move-scope"
                  checked={scope === 'series'}
                  onChange={() => setScope('series')}
                />
                {t('This and the rest of the series, weekly ({{count}} sessions)', {
                  count: session.terms.series_count,
                })}
              </label>
            </fieldset>
          )}
          <div className="flex items-center justify-between gap-2">
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => shift(-1)}
              aria-label={t('Previous month')}
            >
              ‹
            </button>
            <p className="font-medium" aria-live="polite">
              {dateText.month({ year, month })}
            </p>
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => shift(1)}
              aria-label={t('Next month')}
            >
              ›
            </button>
          </div>
          {free.isPending ? (
            <Spinner label={t("Loading the tutor's free times...")} />
          ) : dates.length === 0 ? (
            <p className="text-stone-600">{t('No free times this month. Try the next month.')}</p>
          ) : (
            <div className="grid gap-3 sm:grid-cols-2">
              <label className="block">
                <span className="mb-1 block font-medium">{t('New date')}</span>
                <select
                  className={inputStyles}
                  value={date}
                  onChange={(e) => {
                    setDate(e.target.value);
                    setTime('');
                  }}
                >
                  <option value="">{t('Choose a date')}</option>
                  {dates.map(([d]) => (
                    <option key={d} value={d}>
                      {dateText.format(d, 'dayShort')}
                    </option>
                  ))}
                </select>
              </label>
              <label className="block">
                <span className="mb-1 block font-medium">{t('New time (EAT)')}</span>
                <select
                  className={inputStyles}
                  value={time}
                  disabled={!date}
                  onChange={(e) => setTime(e.target.value)}
                >
                  <option value="">{t('Choose a time')}</option>
                  {times.map((time) => {
                    const local = sessionTimes(
                      eatInstant(date, time),
                      familyZone,
                      undefined,
                      t,
                      dateText,
                    ).local;
                    return (
                      <option key={time} value={time}>
                        {time} EAT
                        {local ? ` · ${local}` : ''}
                      </option>
                    );
                  })}
                </select>
              </label>
            </div>
          )}
          {chosen && (
            <p className="text-sm text-stone-700" data-testid="reschedule-choice">
              {t('New time:')} {chosen.eat}
              {chosen.local ? ` · ${chosen.local}` : ''}
            </p>
          )}
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              className={buttonStyles.primary}
              disabled={!date || !time || move.isPending}
            >
              {scope === 'one'
                ? t('Move the session')
                : t('Move {{count}} sessions', { count: session.terms.series_count })}
            </button>
            <button type="button" className={buttonStyles.secondary} onClick={onClose}>
              {t('Keep the time')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
