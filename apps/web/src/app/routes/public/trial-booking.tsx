import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TrialBooking } from '../../../features/trial/components/trial-booking.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import NotFoundPage from './not-found.tsx';

/** /booking/trial/{tutorId}: the short path of a trial lesson (decision 273). */
export default function TrialBookingPage() {
  const { tutorId } = useParams();
  const { t } = useTranslation('booking');
  usePageMeta(t('Book a trial lesson'), t('Book a short first lesson with a tutor, then continue weekly.'));
  const id = Number(tutorId);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return <NotFoundPage />;
  return <TrialBooking key={id} tutorId={id} />;
}
