import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ReportedDetail } from '../../../features/admin-reported-conversations/components/reported-detail.tsx';
import { ReportedList } from '../../../features/admin-reported-conversations/components/reported-list.tsx';
import { AdminScreen } from './admin-pages.tsx';

/** The queue of conversations a tutor or a family reported (issue 31 item 7). */
export function AdminReportedConversationsPage() {
  const { t } = useTranslation('admin-extra');
  return (
    <AdminScreen
      title={t('Reported conversations')}
      intro={t(
        'Conversations a tutor or a family reported to the office. Open one to read it; every read is recorded.',
      )}
    >
      <ReportedList />
    </AdminScreen>
  );
}

export function AdminReportedConversationPage() {
  const { t } = useTranslation('admin-extra');
  const { id = '' } = useParams();
  return (
    <AdminScreen
      title={t('Reported conversation')}
      intro={t('The reports, the messages and who has read them. Resolve the open reports when done.')}
    >
      <ReportedDetail key={id} id={id} />
    </AdminScreen>
  );
}
