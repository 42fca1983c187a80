import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IncidentView, ReportableSession } from '@tibeb/domain/bookings/incidents';
import { MoveSessionDialog, type YearMonth } from '../../../components/sessions/move-session-dialog.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer, type Translate } from '../../../lib/translate-message.ts';
import { useGetFreeTimes } from '../api/get-free-times.ts';
import { sessionTimes } from './time.ts';
import {
  useBookMakeup,
  useMyIncidents,
  useReportProblem,
} from '../../../components/sessions/use-incidents.ts';
import { ReportProblemDialog } from '../../../components/sessions/report-problem-dialog.tsx';

/** The EAT wall clock (YYYY-MM-DD, HH:MM) of an instant: EAT is UTC+3 all year. */
const eatWallClock = (iso: string) => {
  const d = new Date(new Date(iso).getTime() + 3 * 3_600_000).toISOString();
  return { date: d.slice(0, 10), time: d.slice(11, 16) };
};
const eatInstant = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`).toISOString();

/** An incident's state in the family's words. */
export function familyIncidentStatus(i: IncidentView, t: Translate): string {
  if (i.kind === 'interruption') {
    if (i.status === 'open') return t('Interrupted: book the make-up');
    if (i.status === 'made_up') return t('Interrupted: make-up booked');
    if (i.status === 'lapsed') return t('Interrupted: the value is your credit');
    return t('Interrupted');
  }
  if (i.status === 'open') return t('Tutor did not come: waiting for the tutor');
  if (i.status === 'disputed') return t('Tutor did not come: the tutor disputes it, our team decides');
  if (i.status === 'upheld') return t('Tutor did not come: the lesson was given back');
  if (i.status === 'dismissed') return t('Tutor did not come: report dismissed');
  return t('Tutor did not come');
}

/**
 * The family's lessons with a problem (issue 30 item 3, decision 271): lessons under way or ended in the last 24
 * hours with "Report a problem" (could not happen or was cut short, or the tutor did not come), and its reports
 * with "Book the make-up" for an interruption (the tutor's free times up to the deadline, EAT and the family's
 * own time, as the move dialog shows them).
 */
export function FamilyLessonProblems({ familyZone }: { familyZone: string }) {
  const { t } = useTranslation('family');
  const dates = useDates();
  const mine = useMyIncidents();
  const [reporting, setReporting] = useState<ReportableSession | null>(null);
  const [makingUp, setMakingUp] = useState<IncidentView | null>(null);
  const data = mine.data;
  if (!data || (data.reportable.length === 0 && data.incidents.length === 0)) return null;
  const when = (iso: string, zone: string) => sessionTimes(iso, familyZone, zone, t, dates);

  return (
    <section aria-labelledby="lesson-problems-heading" className="space-y-3">
      <h2 id="lesson-problems-heading" className="text-lg font-semibold text-stone-900">
        {t('Lesson problems')}
      </h2>
      <ul className="grid gap-3 xl:grid-cols-2">
        {data.reportable.map((s) => {
          const at = when(s.starts_at, s.time_zone);
          return (
            <li
              key={s.id}
              className="space-y-2 rounded-xl border border-stone-200 bg-white p-4 shadow-sm wrap-anywhere"
            >
              <p className="font-medium text-stone-900">
                {t('{{subject}} with {{tutor}} for {{student}}:', {
                  subject: s.subject,
                  tutor: s.tutor_name,
                  student: s.student_name,
                })}{' '}
                {at.eat}
              </p>
              {at.local && <p className="text-sm text-stone-600">{at.local}</p>}
              <button type="button" className={buttonStyles.secondary} onClick={() => setReporting(s)}>
                {t('Report a problem')}
              </button>
            </li>
          );
        })}
        {data.incidents.map((i) => {
          const at = when(i.session_starts_at, i.time_zone);
          return (
            <li
              key={i.id}
              data-testid="incident"
              className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 wrap-anywhere"
            >
              <p className="font-medium text-stone-900">
                {t('{{subject}} with {{tutor}} for {{student}}:', {
                  subject: i.subject,
                  tutor: i.tutor_name,
                  student: i.student_name,
                })}{' '}
                {at.eat}
              </p>
              <p className="text-sm font-semibold text-amber-900">{familyIncidentStatus(i, t)}</p>
              {i.makeup_starts_at && (
                <p className="text-sm">
                  {t('Make-up:')}{' '}
                  <span className="font-medium">{when(i.makeup_starts_at, i.time_zone).eat}</span>
                </p>
              )}
              {i.kind === 'interruption' && i.status === 'open' && (
                <>
                  <p className="text-sm text-stone-700">
                    {t('Free of charge, with the same tutor, starting by {{date}}.', {
                      date: dates.format(i.deadline_at, 'dayTime', familyZone),
                    })}
                  </p>
                  <button type="button" className={buttonStyles.primary} onClick={() => setMakingUp(i)}>
                    {t('Book the make-up')}
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {reporting && (
        <FamilyReportDialog session={reporting} familyZone={familyZone} onClose={() => setReporting(null)} />
      )}
      {makingUp && (
        <MakeupDialog incident={makingUp} familyZone={familyZone} onClose={() => setMakingUp(null)} />
      )}
    </section>
  );
}

function FamilyReportDialog({
  session,
  familyZone,
  onClose,
}: {
  session: ReportableSession;
  familyZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('family');
  const dates = useDates();
  const report = useReportProblem();
  const at = sessionTimes(session.starts_at, familyZone, session.time_zone, t, dates);
  return (
    <ReportProblemDialog
      onClose={onClose}
      texts={{
        title: t('Report a problem'),
        what: t('What happened?'),
        // A lesson the tutor marked a no-show of the student: the family may say the tutor did not come (the tutor
        // may dispute it), but not overrule the mark with an interruption (decision 271).
        options: [
          ...(session.status === 'no_show'
            ? []
            : ([
                ['power', t('The lesson could not happen or was cut short: power cut')],
                ['connection', t('The lesson could not happen or was cut short: connection problem')],
                ['other', t('The lesson could not happen or was cut short: another reason')],
              ] as const)),
          ['absent', t('The tutor did not come')],
        ],
        note: t('What happened, in a few words (optional)'),
        outcomeLegend: t('If the tutor does not dispute it, get the lesson back'),
        outcomeCredit: t('As credit for a later booking'),
        outcomeRefund: t('As a refund to my card'),
        explain: (kind) =>
          kind === 'absent'
            ? t('We tell the tutor. If they do not dispute it within 48 hours, you get the lesson back.')
            : t(
                'The lesson is not counted. You then book a make-up with the same tutor within 14 days, free of charge.',
              ),
        submit: t('Send the report'),
        dismiss: t('Close'),
        done: t('Done'),
        success: (kind) =>
          kind === 'absent'
            ? t('Reported. We have told the tutor.')
            : t('Reported. Now book the make-up under Lesson problems.'),
      }}
      summary={
        <p>
          {t('{{subject}} with {{tutor}} for {{student}}:', {
            subject: session.subject,
            tutor: session.tutor_name,
            student: session.student_name,
          })}{' '}
          <span className="font-medium">{at.eat}</span>
          {at.local && <span className="block text-sm text-stone-600">{at.local}</span>}
        </p>
      }
      onSubmit={(choice) => report.mutateAsync({ sessionId: session.id, choice })}
      describeError={(error) => translateAnswer(t, error) ?? t('Please try again.')}
    />
  );
}

/** "Book the make-up": the tutor's free times of the lesson's length, from now up to the deadline. */
function MakeupDialog({
  incident,
  familyZone,
  onClose,
}: {
  incident: IncidentView;
  familyZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('family');
  const dates = useDates();
  const [month, setMonth] = useState<YearMonth>(() => {
    const { date } = eatWallClock(new Date().toISOString());
    return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
  });
  const free = useGetFreeTimes(incident.tutor_id, month.year, month.month, incident.duration_minutes);
  const deadline = eatWallClock(incident.deadline_at);
  // Only the times that start by the deadline.
  const available = Object.fromEntries(
    Object.entries(free.data?.available ?? {})
      .filter(([date]) => date <= deadline.date)
      .map(([date, times]) => [
        date,
        date === deadline.date ? times.filter((x) => x <= deadline.time) : times,
      ]),
  );
  const book = useBookMakeup();
  const at = (date: string, time: string) =>
    sessionTimes(eatInstant(date, time), familyZone, undefined, t, dates);
  const was = sessionTimes(incident.session_starts_at, familyZone, incident.time_zone, t, dates);

  return (
    <MoveSessionDialog
      onClose={onClose}
      texts={{
        title: t('Book the make-up'),
        scopeLegend: t('What to move'),
        scopeOne: t('This session only'),
        scopeSeries: t('This session only'),
        date: t('Date'),
        time: t('Time (EAT)'),
        chooseTime: t('Choose a time'),
        loading: t("Loading the tutor's free times..."),
        none: t('No free times this month. Try the next month.'),
        submit: () => t('Book the make-up'),
        dismiss: t('Close'),
        done: t('Done'),
        close: t('Close'),
      }}
      summary={
        <>
          <p>
            {t('Interrupted lesson:')} <span className="font-medium">{was.eat}</span>
          </p>
          <p className="mt-2 text-sm text-emerald-800">
            {t('Free of charge, with the same tutor, starting by {{date}}.', {
              date: dates.format(incident.deadline_at, 'dayTime', familyZone),
            })}
          </p>
        </>
      }
      seriesCount={1}
      free={{
        by: 'month',
        month,
        onMonth: setMonth,
        loading: free.isPending,
        available,
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
      describeChoice={(date, time) => {
        const chosen = at(date, time);
        return `${t('Make-up:')} ${chosen.eat}${chosen.local ? ` · ${chosen.local}` : ''}`;
      }}
      success={({ date, time }) => {
        const chosen = at(date, time);
        return t('The make-up is booked for {{time}}. Your tutor has been told.', {
          time: `${chosen.eat}${chosen.local ? ` (${chosen.local})` : ''}`,
        });
      }}
      onSubmit={({ date, time }) => book.mutateAsync({ sessionId: incident.session_id, date, time })}
      describeError={(error) => translateAnswer(t, error) ?? t('Please try again.')}
    />
  );
}
