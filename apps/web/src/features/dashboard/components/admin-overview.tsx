import { formatUsd } from '@tibeb/domain/shared/money';
import { useTranslation } from 'react-i18next';
import { useGetAdminDashboard } from '../api/get-admin-dashboard.ts';
import { QueryState } from './query-state.tsx';
import { StatCard } from './stat-card.tsx';

export function AdminOverview() {
  const { t } = useTranslation('admin');
  const query = useGetAdminDashboard();
  return (
    <QueryState query={query}>
      {(d) => (
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard label={t('Users')} value={d.users} />
          <StatCard label={t('Tutors')} value={d.tutors} />
          <StatCard label={t('Reservations')} value={d.reservations} />
          <StatCard label={t('Revenue')} value={formatUsd(d.revenue_cents)} />
          <StatCard label={t('Confirmed reservations')} value={d.confirmed_reservations} />
          <StatCard label={t('Upcoming sessions')} value={d.upcoming_sessions} />
        </dl>
      )}
    </QueryState>
  );
}
