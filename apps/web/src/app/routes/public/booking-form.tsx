import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { BookingWizard } from '../../../features/bookings/components/booking-wizard.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** The tutor id the directory passes in navigation state (`{ tutorId }`), when it is a positive whole number. */
function tutorIdFrom(state: unknown): number | null {
  const raw = state && typeof state === 'object' ? (state as { tutorId?: unknown }).tutorId : undefined;
  const id = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

export default function BookingFormPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const tutorId = tutorIdFrom(location.state);
  const { t } = useTranslation('public');
  usePageMeta(
    tutorId !== null ? t('Book a Tutoring Session') : t('Book by Subject'),
    t(
      'Book recurring weekly online sessions with a vetted Ethiopian tutor, or by subject, and pay securely by card.',
    ),
  );
  // A new tutor or subject starts a fresh wizard.
  return (
    <BookingWizard
      key={`${tutorId ?? ''}:${params.get('subject') ?? ''}`}
      tutorId={tutorId}
      subjectSlug={params.get('subject')}
    />
  );
}
