import { useId, useState, type ReactNode } from 'react';
import { useDates } from '../../lib/dates.ts';
import { buttonStyles, inputStyles } from '../ui/button-styles.ts';
import { Spinner } from '../ui/spinner.tsx';
import {
  SessionDialog,
  type SessionDialogProps,
  type SessionDialogTexts,
  type SessionScope,
} from './session-dialog.tsx';
import { ReasonField, SessionLabel } from './session-label.tsx';
import { useSubmit } from './use-submit.ts';

export type MoveChoice = { date: string; time: string; scope: SessionScope; reason?: string };
export type YearMonth = { year: number; month: number };

/**
 * The tutor's free start times (EAT, HH:MM) the session can move to, as the area reads them:
 * - `month`: a month's free dates, browsed month by month; only dates with a free time are offered (the family);
 * - `day`: any date typed in, then that day's free times (the administrator, who may move far ahead).
 * The caller holds the month or the date (its query depends on it); the dialog says when the reader changes it.
 */
export type FreeTimes =
  | {
      by: 'month';
      month: YearMonth;
      onMonth: (month: YearMonth) => void;
      loading: boolean;
      /** EAT date (YYYY-MM-DD) → free start times. */
      available: Readonly<Record<string, readonly string[]>>;
      texts: { previousMonth: string; nextMonth: string; chooseDate: string };
    }
  | {
      by: 'day';
      date: string;
      onDate: (date: string) => void;
      loading: boolean;
      times: readonly string[];
    };

/** The dialog's words, translated by the area that opens it. */
export type MoveSessionTexts = SessionDialogTexts & {
  date: string;
  time: string;
  chooseTime: string;
  /** While the free times load. */
  loading: string;
  /** When the month (or day) has no free time. */
  none: string;
  /** The label of an optional reason field, told to the other side with the move; no field when left out. */
  reasonLabel?: string;
  submit: (choice: MoveChoice) => string;
};

const shiftMonth = ({ year, month }: YearMonth, delta: number): YearMonth => {
  const d = new Date(Date.UTC(year, month - 1 + delta, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
};

/**
 * Moves a session, or it and the rest of its series, to one of the tutor's free times: the one move
 * (reschedule) dialog of the family, tutor and admin screens. It knows no endpoint: the area passes its words,
 * the free times it read, and `onSubmit`, its own mutation.
 */
export function MoveSessionDialog(
  props: SessionDialogProps<MoveChoice> & {
    texts: MoveSessionTexts;
    /** Why this session cannot be moved here (inside the notice): shown instead of the form, with Close. */
    blocked?: ReactNode;
    free: FreeTimes;
    /** A time's option text; '10:00 EAT' when left out (the family adds its own time). */
    timeLabel?: (date: string, time: string) => string;
    /** The chosen date and time said back before confirming (the family's own time beside EAT). */
    describeChoice?: (date: string, time: string, scope: SessionScope) => ReactNode;
  },
) {
  const { texts, free, timeLabel = (_date, time) => `${time} EAT`, describeChoice } = props;
  const id = useId();
  const dates = useDates();
  const [scope, setScope] = useState<SessionScope>('one');
  const [pickedDate, setPickedDate] = useState('');
  const [time, setTime] = useState('');
  const [reason, setReason] = useState('');
  const submission = useSubmit(props.onSubmit);
  const date = free.by === 'day' ? free.date : pickedDate;
  const freeDates =
    free.by === 'month'
      ? Object.entries(free.available)
          .filter(([, times]) => times.length > 0)
          .map(([d]) => d)
          .sort()
      : [];
  const times = free.by === 'day' ? free.times : date ? (free.available[date] ?? []) : [];
  const chooseDate = (next: string) => {
    setTime('');
    if (free.by === 'day') free.onDate(next);
    else setPickedDate(next);
  };

  const timeSelect = (
    <div>
      <SessionLabel htmlFor={`${id}-time`}>{texts.time}</SessionLabel>
      <select
        id={`${id}-time`}
        required
        className={inputStyles}
        value={time}
        disabled={free.by === 'month' && !date}
        onChange={(e) => setTime(e.target.value)}
      >
        <option value="">
          {free.by === 'day' && free.loading
            ? texts.loading
            : free.by === 'day' && times.length === 0
              ? texts.none
              : texts.chooseTime}
        </option>
        {times.map((slot) => (
          <option key={slot} value={slot}>
            {timeLabel(date, slot)}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <SessionDialog
      {...props}
      submitText={texts.submit({ date, time, scope })}
      scope={scope}
      onScope={setScope}
      submission={submission}
      ready={Boolean(date && time)}
      send={() => {
        if (date && time)
          submission.run({ date, time, scope, ...(reason.trim() ? { reason: reason.trim() } : {}) });
      }}
    >
      {free.by === 'month' ? (
        <>
          <div className="flex items-center justify-between gap-2">
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => {
                chooseDate('');
                free.onMonth(shiftMonth(free.month, -1));
              }}
              aria-label={free.texts.previousMonth}
            >
              ‹
            </button>
            <p className="text-center font-medium" aria-live="polite">
              {dates.month(free.month)}
            </p>
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => {
                chooseDate('');
                free.onMonth(shiftMonth(free.month, 1));
              }}
              aria-label={free.texts.nextMonth}
            >
              ›
            </button>
          </div>
          {free.loading ? (
            <Spinner label={texts.loading} />
          ) : freeDates.length === 0 ? (
            <p className="text-stone-600">{texts.none}</p>
          ) : (
            <div className="grid gap-3 sm:grid-cols-2">
              <div>
                <SessionLabel htmlFor={`${id}-date`}>{texts.date}</SessionLabel>
                <select
                  id={`${id}-date`}
                  required
                  className={inputStyles}
                  value={date}
                  onChange={(e) => chooseDate(e.target.value)}
                >
                  <option value="">{free.texts.chooseDate}</option>
                  {freeDates.map((d) => (
                    <option key={d} value={d}>
                      {dates.format(d, 'dayShort')}
                    </option>
                  ))}
                </select>
              </div>
              {timeSelect}
            </div>
          )}
        </>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <SessionLabel htmlFor={`${id}-date`}>{texts.date}</SessionLabel>
            <input
              id={`${id}-date`}
              type="date"
              required
              className={inputStyles}
              value={date}
              onChange={(e) => chooseDate(e.target.value)}
            />
          </div>
          {timeSelect}
        </div>
      )}
      {texts.reasonLabel && (
        <ReasonField id={`${id}-reason`} label={texts.reasonLabel} value={reason} onChange={setReason} />
      )}
      {describeChoice && date && time && (
        <p className="text-sm text-stone-700" data-testid="reschedule-choice">
          {describeChoice(date, time, scope)}
        </p>
      )}
    </SessionDialog>
  );
}
