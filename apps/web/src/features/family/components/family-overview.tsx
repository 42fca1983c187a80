import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FamilySession } from '@tibeb/domain/family/contracts';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useDates } from '../../../lib/dates.ts';
import { useGetOverview } from '../api/get-overview.ts';
import { PaymentHistory } from './payment-history.tsx';
import { QueryState } from './query-state.tsx';
import { RenewalOffers } from './renewal-offers.tsx';
import { MoveRequestCards } from './move-request-card.tsx';
import { FamilyLessonProblems } from './lesson-problems.tsx';
import { FamilyCancelDialog, FamilyRescheduleDialog } from './session-dialogs.tsx';
import { browserZone, countdown, creditText, sessionTimes } from './time.ts';

function useNow(everyMs = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

function SessionCard({
  session,
  familyZone,
  now,
  onCancel,
  onMove,
}: {
  session: FamilySession;
  familyZone: string;
  now: number;
  onCancel: () => void;
  onMove: () => void;
}) {
  const { t } = useTranslation('family');
  const dates = useDates();
  const when = sessionTimes(session.starts_at, familyZone, session.time_zone, t, dates);
  const opensAt = sessionTimes(session.room.opens_at, familyZone, session.time_zone, t, dates);
  const freeUntil = sessionTimes(session.terms.free_until, familyZone, session.time_zone, t, dates);
  return (
    <li
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm wrap-anywhere"
      data-testid="family-session"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">
            {t('{{subject}} with {{tutor}}', { subject: session.subject, tutor: session.tutor_name })}
            {/* A trial lesson (decision 273). */}
            {session.kind === 'trial' && (
              <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                {t('Trial')}
              </span>
            )}
          </p>
          <p className="text-sm text-stone-600">{t('For {{student}}', { student: session.student_name })}</p>
        </div>
        <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
          {countdown(session.starts_at, now, t)}
        </span>
      </div>
      <p className="mt-2 text-stone-800">{when.eat}</p>
      {when.local && <p className="text-sm text-stone-600">{when.local}</p>}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {session.room.url ? (
          <>
            <a href={session.room.url} target="_blank" rel="noreferrer" className={buttonStyles.accent}>
              {t('Join the lesson')}
            </a>
            {session.room.audio_url && (
              <a
                href={session.room.audio_url}
                target="_blank"
                rel="noreferrer"
                className={buttonStyles.secondary}
              >
                {t('Join with audio only')}
              </a>
            )}
          </>
        ) : session.room.provider === 'none' ? (
          <p className="text-sm text-stone-600">{t('The lesson link will come from your tutor.')}</p>
        ) : (
          <p className="text-sm text-stone-600">
            {t('The lesson link appears at {{time}}.', { time: opensAt.local ?? opensAt.eat })}
          </p>
        )}
      </div>
      {session.room.provider === 'jitsi' && (
        <p className="mt-1 text-xs text-stone-600">
          {t('On a weak connection, audio only uses about 20 MB an hour; video uses about 300 to 700 MB.')}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-stone-100 pt-3">
        <button type="button" className={buttonStyles.secondary} onClick={onMove}>
          {t('Reschedule')}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
          {t('Cancel')}
        </button>
        <p className="text-sm text-stone-600">
          {session.terms.in_time
            ? t('Free to change until {{time}}', { time: freeUntil.local ?? freeUntil.eat })
            : t('Inside the {{hours}}-hour notice: no longer free to change', {
                hours: session.terms.notice_hours,
              })}
        </p>
      </div>
    </li>
  );
}

/** The family's overview (issue 15 item 1): upcoming sessions with countdown and room, credit, payments. */
export function FamilyOverview() {
  const { t } = useTranslation('family');
  const dates = useDates();
  const query = useGetOverview();
  const now = useNow();
  const [dialog, setDialog] = useState<{ kind: 'cancel' | 'move'; session: FamilySession } | null>(null);
  return (
    <QueryState query={query}>
      {(d) => {
        const zone = d.family.time_zone || browserZone();
        return (
          <div className="space-y-8">
            <dl className="grid gap-4 sm:grid-cols-2">
              <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
                <dt className="text-sm text-stone-600">{t('Your credit')}</dt>
                <dd className="text-2xl font-bold text-brand-800" data-testid="credit-balance">
                  {creditText(d.credit, t)}
                </dd>
                <dd className="text-sm text-stone-600">{t('Spent first when you book or renew.')}</dd>
                {d.credit.some((b) => b.currency === 'ETB') && (
                  <dd className="text-sm text-stone-600">
                    {t(
                      'Credit in birr is spent on bookings paid in birr, and credit in dollars on bookings in dollars.',
                    )}
                  </dd>
                )}
              </div>
              <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
                <dt className="text-sm text-stone-600">{t('Next session')}</dt>
                <dd className="text-2xl font-bold text-brand-800">
                  {d.upcoming[0] ? countdown(d.upcoming[0].starts_at, now, t) : t('None booked')}
                </dd>
                <dd className="text-sm text-stone-600">
                  {d.upcoming[0]
                    ? dates.format(d.upcoming[0].starts_at, 'date', zone)
                    : t('Book a session to get started.')}
                </dd>
              </div>
            </dl>
            <RenewalOffers familyZone={zone} />
            <MoveRequestCards familyZone={zone} />
            <FamilyLessonProblems familyZone={zone} />
            <section aria-labelledby="upcoming-heading">
              <h2 id="upcoming-heading" className="mb-1 text-lg font-semibold text-stone-900">
                {t('Upcoming sessions')}
              </h2>
              <p className="mb-3 text-sm text-stone-600">
                {t('Times in Ethiopian time (EAT) and your own ({{zone}}).', {
                  zone: zone.replace(/_/g, ' '),
                })}
              </p>
              {d.upcoming.length === 0 ? (
                <div className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-stone-700">
                  <p>{t('No upcoming sessions.')}</p>
                  <Link to="/student/book" className={`${buttonStyles.primary} mt-3`}>
                    {t('Book a session')}
                  </Link>
                </div>
              ) : (
                <ul className="grid gap-4 xl:grid-cols-2">
                  {d.upcoming.map((s) => (
                    <SessionCard
                      key={s.id}
                      session={s}
                      familyZone={zone}
                      now={now}
                      onCancel={() => setDialog({ kind: 'cancel', session: s })}
                      onMove={() => setDialog({ kind: 'move', session: s })}
                    />
                  ))}
                </ul>
              )}
            </section>
            <PaymentHistory />
            {dialog?.kind === 'cancel' && (
              <FamilyCancelDialog
                session={dialog.session}
                familyZone={zone}
                onClose={() => setDialog(null)}
              />
            )}
            {dialog?.kind === 'move' && (
              <FamilyRescheduleDialog
                session={dialog.session}
                familyZone={zone}
                onClose={() => setDialog(null)}
              />
            )}
          </div>
        );
      }}
    </QueryState>
  );
}
