import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FamilySession } from '@tibeb/domain/family/contracts';
import { CancelSessionDialog } from '../../../components/sessions/cancel-session-dialog.tsx';
import { MoveSessionDialog, type YearMonth } from '../../../components/sessions/move-session-dialog.tsx';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useCancelSession } from '../api/cancel-session.ts';
import { useGetFreeTimes } from '../api/get-free-times.ts';
import { useRescheduleSession } from '../api/reschedule-session.ts';
import { cancelTerms } from '../utils/cancel-terms.ts';
import type { WeekdayMove } from '@tibeb/domain/bookings/series-move';
import { SeriesMovePreview } from './series-move-preview.tsx';
import { money, sessionTimes } from './time.ts';

type Props = { session: FamilySession; familyZone: string; onClose: () => void };

const monthOf = (iso: string, timeZone: string): YearMonth => {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone })
    .format(new Date(iso))
    .split('-')
    .map(Number);
  return { year: y!, month: m! };
};
/** The instant of an EAT wall-clock time (UTC+3, no daylight saving). */
const eatInstant = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`).toISOString();

/** The server's refusal by its code (the rules' reasons: notice, free times, status), else 'Please try again.'. */
function useFamilyError() {
  const { t } = useTranslation('family');
  return (error: unknown) => translateAnswer(t, error) ?? t('Please try again.');
}

/**
 * The family's cancel (issue 15 item 2): this session or the rest of its series, with what the booking policy
 * gives back said before confirming, and the answer in the dialog.
 */
export function FamilyCancelDialog({ session, familyZone, onClose }: Props) {
  const { t } = useTranslation('family');
  const dates = useDates();
  const cancel = useCancelSession();
  const describeError = useFamilyError();
  const amount = (cents: number) => money(cents, session.currency);
  const birr = session.currency === 'ETB';
  const when = sessionTimes(session.starts_at, familyZone, session.time_zone, t, dates);

  return (
    <CancelSessionDialog
      onClose={onClose}
      texts={{
        title: t('Cancel a session'),
        scopeLegend: t('What to cancel'),
        scopeOne: t('This session only'),
        scopeSeries: t('This and the rest of the series ({{count}} sessions)', {
          count: session.terms.series_count,
        }),
        outcomeLegend: t('How to get the value back'),
        outcomeCredit: t('As credit for a later booking (at once)'),
        outcomeRefund: birr ? t('As a refund through Chapa') : t('As a refund to my card'),
        submit: ({ scope }) => {
          const { count } = cancelTerms(session, scope, 'credit', t);
          return count === 1 ? t('Cancel this session') : t('Cancel {{count}} sessions', { count });
        },
        dismiss: t('Keep it'),
        done: t('Done'),
      }}
      summary={
        <p>
          {t('{{subject}} with {{tutor}} for {{student}}:', {
            subject: session.subject,
            tutor: session.tutor_name,
            student: session.student_name,
          })}{' '}
          <span className="font-medium">{when.eat}</span>
          {when.local && <span className="block text-sm text-stone-600">{when.local}</span>}
        </p>
      }
      seriesCount={session.terms.series_count}
      // Inside the notice this session's value is kept: there is only something to get back for the series.
      asksOutcome={(scope) => session.terms.in_time || scope === 'series'}
      terms={({ scope, outcome }) => ({
        free: session.terms.in_time,
        lines: cancelTerms(session, scope, outcome, t).lines,
      })}
      success={({ scope, outcome }) => {
        const { count, back } = cancelTerms(session, scope, outcome, t);
        return (
          <>
            {count === 1 ? t('The session is cancelled.') : t('{{count}} sessions are cancelled.', { count })}{' '}
            {back > 0 &&
              (outcome === 'credit'
                ? t('{{amount}} is now your credit.', { amount: amount(back) })
                : birr
                  ? t('{{amount}} is on its way back through Chapa.', { amount: amount(back) })
                  : t('{{amount}} is on its way back to your card.', { amount: amount(back) }))}
          </>
        );
      }}
      onSubmit={({ scope, outcome }) => cancel.mutateAsync({ id: session.id, scope, outcome })}
      describeError={describeError}
    />
  );
}

/** The family's move (issue 15 item 2): this session or the rest of its series, to one of the tutor's free times. */
export function FamilyRescheduleDialog({ session, familyZone, onClose }: Props) {
  const { t } = useTranslation('family');
  const dates = useDates();
  const [month, setMonth] = useState(() => monthOf(session.starts_at, session.time_zone));
  const free = useGetFreeTimes(
    session.tutor_id,
    month.year,
    month.month,
    session.duration_minutes,
    session.terms.in_time,
    session.id,
  );
  const move = useRescheduleSession();
  const [others, setOthers] = useState<WeekdayMove[]>([]);
  const monthTimes = [...new Set(Object.values(free.data?.available ?? {}).flat())].sort();
  const describeError = useFamilyError();
  const when = sessionTimes(session.starts_at, familyZone, session.time_zone, t, dates);
  const at = (date: string, time: string) =>
    sessionTimes(eatInstant(date, time), familyZone, undefined, t, dates);

  return (
    <MoveSessionDialog
      onClose={onClose}
      texts={{
        title: t('Reschedule a session'),
        scopeLegend: t('What to move'),
        scopeOne: t('This session only'),
        scopeSeries: t('This and the rest of the series, weekly ({{count}} sessions)', {
          count: session.terms.series_count,
        }),
        date: t('New date'),
        time: t('New time (EAT)'),
        chooseTime: t('Choose a time'),
        loading: t("Loading the tutor's free times..."),
        none: t('No free times this month. Try the next month.'),
        reasonLabel: t('A note for your tutor (optional)'),
        submit: ({ scope }) => (scope === 'one' ? t('Move the session') : t('Move the sessions shown')),
        dismiss: t('Keep the time'),
        done: t('Done'),
        close: t('Close'),
      }}
      summary={
        <>
          <p>
            {t('Now:')} <span className="font-medium">{when.eat}</span>
            {when.local && <span className="block text-sm text-stone-600">{when.local}</span>}
          </p>
          <p className="mt-2 text-sm text-emerald-800">
            {t('Moving is free until {{hours}} hours before the start.', {
              hours: session.terms.notice_hours,
            })}
          </p>
        </>
      }
      blocked={
        session.terms.in_time
          ? undefined
          : t(
              'This session starts in less than {{hours}} hours, so it can no longer be moved here. Please message your tutor or contact us.',
              { hours: session.terms.notice_hours },
            )
      }
      seriesCount={session.terms.series_count}
      free={{
        by: 'month',
        month,
        onMonth: setMonth,
        loading: free.isPending,
        available: free.data?.available ?? {},
        texts: {
          previousMonth: t('Previous month'),
          nextMonth: t('Next month'),
          chooseDate: t('Choose a date'),
        },
      }}
      timeLabel={(date, time) => {
        const local = at(date, time).local;
        return `${time} EAT${local ? ` · ${local}` : ''}`;
      }}
      describeChoice={(date, time, scope) => {
        const chosen = at(date, time);
        return (
          <>
            {`${t('New time:')} ${chosen.eat}${chosen.local ? ` · ${chosen.local}` : ''}`}
            {scope === 'series' && (
              <SeriesMovePreview
                sessionId={session.id}
                date={date}
                time={time}
                others={others}
                onOthers={setOthers}
                familyZone={familyZone}
                times={monthTimes}
              />
            )}
          </>
        );
      }}
      success={({ date, time }) => {
        const chosen = at(date, time);
        return t('Moved to {{time}}. Your tutor has been told.', {
          time: `${chosen.eat}${chosen.local ? ` (${chosen.local})` : ''}`,
        });
      }}
      onSubmit={({ date, time, scope, reason }) =>
        move.mutateAsync({
          id: session.id,
          date,
          time,
          scope,
          ...(reason ? { reason } : {}),
          ...(scope === 'series' ? { others } : {}),
        })
      }
      describeError={describeError}
    />
  );
}
