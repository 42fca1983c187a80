import { formatUsd } from '@tibeb/domain/shared/money';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { useGetAdminDashboard } from '../api/get-admin-dashboard.ts';
import { QueryState } from './query-state.tsx';
import { StatCard } from './stat-card.tsx';

export function AdminOverview() {
  const { t } = useTranslation('admin');
  const query = useGetAdminDashboard();
  return (
    <QueryState query={query}>
      {(d) => (
        <>
          {d.lesson_rooms.provider === 'tutor_links' && d.lesson_rooms.tutors_without_room > 0 && (
            <div className="mb-4">
              <Alert tone="info">
                {t(
                  'Lesson rooms: no Jitsi is set up, so the lessons of {{count}} tutors without their own meeting link have no room. Set JITSI_DOMAIN, JITSI_APP_ID and JITSI_APP_SECRET (or JITSI_PRIVATE_KEY and JITSI_KEY_ID for Jitsi as a Service), or ask those tutors for a link.',
                  { count: d.lesson_rooms.tutors_without_room },
                )}
              </Alert>
            </div>
          )}
          <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard label={t('Users')} value={d.users} />
            <StatCard label={t('Tutors')} value={d.tutors} />
            <StatCard label={t('Reservations')} value={d.reservations} />
            <StatCard label={t('Revenue')} value={formatUsd(d.revenue_cents)} />
            <StatCard label={t('Confirmed reservations')} value={d.confirmed_reservations} />
            <StatCard label={t('Upcoming sessions')} value={d.upcoming_sessions} />
          </dl>
        </>
      )}
    </QueryState>
  );
}
