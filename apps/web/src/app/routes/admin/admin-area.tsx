import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { UserForm } from '../../../features/admin-users/components/user-form.tsx';
import { UsersList } from '../../../features/admin-users/components/users-list.tsx';
import { UserEdit, UserView } from '../../../features/admin-users/components/user-view.tsx';
import { AuditTrail } from '../../../features/audit/components/audit-trail.tsx';
import { AreaLayout } from '../../layouts/area-layout.tsx';
import {
  AdminTutorAddPage,
  AdminTutorEditPage,
  AdminTutorsPage,
  AdminTutorViewPage,
} from './tutors-pages.tsx';
import {
  AdminReservationDetailsPage,
  AdminReservationEditPage,
  AdminReservationsPage,
} from './reservations-pages.tsx';
import {
  AdminBlogComments,
  AdminBlogLayout,
  AdminBlogNewPost,
  AdminBlogPost,
  AdminBlogPosts,
  AdminBlogTaxonomy,
  AdminCommentsPage,
  AdminDashboardPage,
  AdminOffersPage,
  AdminOutboxPage,
  AdminPaymentsPage,
  AdminPayoutsPage,
  AdminLedgerPage,
  AdminProfilePage,
  AdminReportsPage,
  AdminScreen,
  AdminSettingsPage,
  AdminTutorApplicationPage,
  AdminTutorApplicationsPage,
} from './admin-pages.tsx';
import {
  AdminReportedConversationPage,
  AdminReportedConversationsPage,
} from './reported-conversations-pages.tsx';
import { AdminIncidentsPage } from './incidents-pages.tsx';

function UsersPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen
      title={t('Manage Users')}
      intro={t('Every account: families, tutors and staff. Search, add, edit or deactivate.')}
    >
      <div className="mb-4">
        <Link to="/admin/users/add" className={buttonStyles.primary}>
          {t('Add user')}
        </Link>
      </div>
      <UsersList />
    </AdminScreen>
  );
}

function UserAddPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <AdminScreen
      title={t('Add user')}
      intro={t(
        'Create an account with its role. Without a password, the person is e-mailed a link to choose one.',
      )}
    >
      <UserForm onSaved={(u) => void navigate(`/admin/users/${u.id}/view`)} />
    </AdminScreen>
  );
}

function UserViewPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('admin-extra');
  const { t: ta } = useTranslation('admin');
  return (
    <AdminScreen title={ta('User')} intro={ta("An account's details and status.")}>
      <UserView id={id} />
      <div className="mt-8 max-w-2xl">
        <AuditTrail entityType="user" entityId={id} title={t('Audit trail')} />
      </div>
    </AdminScreen>
  );
}

function UserEditPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <AdminScreen title={t('Edit user')} intro={t("Change the account's details, role or status.")}>
      <UserEdit id={id} onSaved={(userId) => void navigate(`/admin/users/${userId}/view`)} />
    </AdminScreen>
  );
}

/** The admin area (spec §2 "Protected areas"): its own chunk, loaded after the role check. */
export default function AdminArea() {
  return (
    <AreaLayout area="admin">
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<AdminDashboardPage />} />
        <Route path="users">
          <Route index element={<UsersPage />} />
          <Route path="add" element={<UserAddPage />} />
          <Route path=":id/view" element={<UserViewPage />} />
          <Route path=":id/edit" element={<UserEditPage />} />
        </Route>
        <Route path="tutors">
          <Route index element={<AdminTutorsPage />} />
          <Route path="add" element={<AdminTutorAddPage />} />
          <Route path=":id/view" element={<AdminTutorViewPage />} />
          <Route path=":id/edit" element={<AdminTutorEditPage />} />
        </Route>
        <Route path="tutor-applications" element={<AdminTutorApplicationsPage />} />
        <Route path="tutor-applications/:id" element={<AdminTutorApplicationPage />} />
        <Route path="payment" element={<AdminPaymentsPage />} />
        <Route path="payouts" element={<AdminPayoutsPage />} />
        <Route path="reported-conversations" element={<AdminReportedConversationsPage />} />
        <Route path="reported-conversations/:id" element={<AdminReportedConversationPage />} />
        <Route path="incidents" element={<AdminIncidentsPage />} />
        <Route path="ledger" element={<AdminLedgerPage />} />
        <Route path="reservation" element={<AdminReservationsPage />} />
        <Route path="reservation/details/:id" element={<AdminReservationDetailsPage />} />
        <Route path="reservation/:id/edit" element={<AdminReservationEditPage />} />
        <Route path="offers" element={<AdminOffersPage />} />
        <Route path="reports" element={<AdminReportsPage />} />
        <Route path="settings" element={<AdminSettingsPage />} />
        <Route path="settings/outbox" element={<AdminOutboxPage />} />
        <Route path="profile" element={<AdminProfilePage />} />
        <Route path="comments" element={<AdminCommentsPage />} />
        <Route path="blog" element={<AdminBlogLayout />}>
          <Route index element={<AdminBlogPosts />} />
          <Route path="posts" element={<AdminBlogPosts />} />
          <Route path="posts/new" element={<AdminBlogNewPost />} />
          <Route path="posts/:id" element={<AdminBlogPost />} />
          <Route path="categories" element={<AdminBlogTaxonomy kind="categories" />} />
          <Route path="tags" element={<AdminBlogTaxonomy kind="tags" />} />
          <Route path="comments" element={<AdminBlogComments />} />
        </Route>
        <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
      </Routes>
    </AreaLayout>
  );
}
