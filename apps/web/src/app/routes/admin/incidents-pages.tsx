import { useTranslation } from 'react-i18next';
import { IncidentsScreen } from '../../../features/admin-incidents/components/incidents-screen.tsx';
import { AdminScreen } from './admin-pages.tsx';

/** Interruptions and no-shows per tutor and month, and the disputed absences to decide (decision 271). */
export function AdminIncidentsPage() {
  const { t } = useTranslation('admin-extra');
  return (
    <AdminScreen
      title={t('Interruptions and no-shows')}
      intro={t(
        'Lessons reported as interrupted or missed by the tutor, per tutor and month. Decide the reports a tutor disputes.',
      )}
    >
      <IncidentsScreen />
    </AdminScreen>
  );
}
