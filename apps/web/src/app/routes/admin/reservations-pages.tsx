import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminReservation } from '../../../features/admin-reservations/api/get-reservation.ts';
import { ReservationDetails } from '../../../features/admin-reservations/components/reservation-details.tsx';
import { ReservationsList } from '../../../features/admin-reservations/components/reservations-list.tsx';
import { SessionActions } from '../../../features/admin-reservations/components/session-actions.tsx';
import { SubstitutePanel } from '../../../features/substitution/components/substitute-panel.tsx';
import { AuditTrail } from '../../../features/audit/components/audit-trail.tsx';
import { AdminScreen } from './admin-pages.tsx';

export function AdminReservationsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen
      title={t('Reservations')}
      intro={t(
        "Families' bookings and their sessions: find one by status, tutor, dates, family or student; move or cancel sessions.",
      )}
    >
      <ReservationsList />
    </AdminScreen>
  );
}

function useReservation() {
  const { id = '' } = useParams();
  return { id, query: useAdminReservation(id) };
}

export function AdminReservationDetailsPage() {
  const { t } = useTranslation('admin');
  const { id, query } = useReservation();
  return (
    <AdminScreen
      title={t('Reservation')}
      intro={t('The family, the student, every session with its status, payments, credit and history.')}
    >
      {query.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : query.isError ? (
        <Alert tone="error">{t('Reservation not found.')}</Alert>
      ) : (
        <>
          <p className="mb-4 flex flex-wrap gap-4">
            <Link to="/admin/reservation" className="text-brand-700 underline">
              {t('All reservations')}
            </Link>
            <Link to={`/admin/reservation/${id}/edit`} className="text-brand-700 underline">
              {t('Move or cancel sessions')}
            </Link>
          </p>
          <ReservationDetails detail={query.data} />
          <div className="mt-6">
            <AuditTrail entityType="reservation" entityId={id} title={t('Audit trail')} />
          </div>
        </>
      )}
    </AdminScreen>
  );
}

export function AdminReservationEditPage() {
  const { t } = useTranslation('admin');
  const { id, query } = useReservation();
  return (
    <AdminScreen
      title={t('Edit reservation')}
      intro={t(
        'Move one session or the rest of the series to a free time, or cancel with credit or a refund, under the booking policy.',
      )}
    >
      {query.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : query.isError ? (
        <Alert tone="error">{t('Reservation not found.')}</Alert>
      ) : (
        <>
          <p className="mb-4">
            <Link to={`/admin/reservation/details/${id}`} className="text-brand-700 underline">
              {t('Back to the reservation of {{family}}', { family: query.data.family.name })}
            </Link>
          </p>
          <SessionActions detail={query.data} />
          <div className="mt-6">
            <SubstitutePanel detail={query.data} />
          </div>
        </>
      )}
    </AdminScreen>
  );
}
