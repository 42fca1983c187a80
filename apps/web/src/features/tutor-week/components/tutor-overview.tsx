import { formatAmount } from '@tibeb/domain/payments/currency';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { useDates } from '../../../lib/dates.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useGetOverview } from '../api/get-overview.ts';
import { SessionItem, SessionItems } from './session-item.tsx';
import { zoneLabel } from './zoned.ts';
import { TutorChangesPanel } from './tutor-changes-panel.tsx';
import { TutorLessonProblems } from './lesson-problems.tsx';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-4">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-brand-800">{value}</dd>
    </div>
  );
}

/** The tutor's day at a glance: the next session and its room, sessions to mark, the month, and this week. */
export function TutorWeekOverview() {
  const { t } = useTranslation('tutor');
  const dates = useDates();
  const query = useGetOverview();
  if (query.isPending) return <Spinner label={t('Loading...')} />;
  if (query.isError)
    return <Alert tone="error">{t('We could not load this right now. Please try again.')}</Alert>;
  const d = query.data;
  const monthName = dates.month(
    { year: Number(d.month.month.slice(0, 4)), month: Number(d.month.month.slice(5, 7)) },
    'monthName',
  );
  return (
    <div className="space-y-8">
      {!d.tutor && (
        <p className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
          {t('Your account is not linked to a tutor profile yet. Please contact the Tibeb Tutoring team.')}
        </p>
      )}
      <section aria-labelledby="next-session">
        <h2 id="next-session" className="mb-3 text-lg font-semibold text-stone-900">
          {t('Next session')}
        </h2>
        {d.next_session ? (
          <ul className="rounded-xl border-2 border-brand-200 bg-white">
            <SessionItem session={d.next_session} />
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-stone-600">
            {t('No upcoming sessions.')}
          </p>
        )}
      </section>

      {d.awaiting_attendance.length > 0 && (
        <section aria-labelledby="to-mark">
          <h2 id="to-mark" className="mb-1 text-lg font-semibold text-stone-900">
            {t('Waiting for attendance ({{count}})', { count: d.awaiting_attendance.length })}
          </h2>
          <p className="mb-3 text-sm text-stone-600">
            {t('Mark each ended session; the family reads your note.')}
          </p>
          <SessionItems
            sessions={d.awaiting_attendance}
            empty=""
            label={t('Sessions waiting for attendance')}
          />
        </section>
      )}

      <section aria-labelledby="this-month">
        <h2 id="this-month" className="mb-3 text-lg font-semibold text-stone-900">
          {monthName}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Stat label={t('Sessions held')} value={d.month.sessions_held} />
          <Stat label={t('Hours taught')} value={d.month.hours} />
          <Stat label={t('Earnings')} value={formatAmount(d.month.earnings_cents, d.month.currency)} />
        </dl>
        <p className="mt-2">
          <Link to="/tutor/earnings" className="font-semibold text-brand-700 underline">
            {t('See your earnings and payouts')}
          </Link>
        </p>
      </section>

      <section aria-labelledby="this-week">
        <h2 id="this-week" className="mb-1 text-lg font-semibold text-stone-900">
          {t('This week')}
        </h2>
        <p className="mb-3 text-sm text-stone-600">
          {t("Times in {{zone}}, with the family's own time when it differs.", {
            zone: zoneLabel(d.tutor?.time_zone ?? 'Africa/Addis_Ababa'),
          })}
        </p>
        <SessionItems
          sessions={d.week}
          empty={t('No sessions this week.')}
          label={t("This week's sessions")}
        />
      </section>
      <TutorChangesPanel />
      <TutorLessonProblems />
    </div>
  );
}
