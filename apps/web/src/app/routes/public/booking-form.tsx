import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { valuesFromReservation, type BookingFormValues } from '@tibeb/domain/bookings/form';
import type { BookingDetails } from '@tibeb/domain/family/contracts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../features/auth/hooks/use-auth.ts';
import { BookingWizard } from '../../../features/bookings/components/booking-wizard.tsx';
import { todayIn } from '../../../features/bookings/utils/calendar.ts';
import { loadReservationDraft } from '../../../features/bookings/utils/wizard-draft.ts';
import { getBookingDetailsQueryOptions } from '../../../features/family/api/get-booking-details.ts';
import { useBookingReservation } from '../../../features/bookings/api/get-booking-reservation.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** The tutor id the directory passes in navigation state (`{ tutorId }`), when it is a positive whole number. */
function tutorIdFrom(state: unknown): number | null {
  const raw = state && typeof state === 'object' ? (state as { tutorId?: unknown }).tutorId : undefined;
  const id = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/** The fields a link prefills (`{ prefill }` in navigation state: "Continue weekly" after a trial, decision 273). */
function prefillFrom(state: unknown): Partial<BookingFormValues> | undefined {
  const raw = state && typeof state === 'object' ? (state as { prefill?: unknown }).prefill : undefined;
  if (!raw || typeof raw !== 'object') return undefined;
  const keys = ['full_name', 'email', 'phone', 'student_name', 'grade_level'] as const;
  const out: Partial<BookingFormValues> = {};
  for (const key of keys) {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim()) out[key] = value;
  }
  return out;
}

/** A signed-in family's saved details (decision 253): its contact and its latest student's, still editable. */
function savedDetails(details: BookingDetails | undefined): Partial<BookingFormValues> | undefined {
  if (!details) return undefined;
  const student = details.students[0];
  return {
    ...details.contact,
    ...(student
      ? {
          student_name: student.student_name,
          grade_level: student.grade_level,
          student_age: student.student_age,
          student_school: student.student_school,
        }
      : {}),
  };
}

export default function BookingFormPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const { role, isSignedIn } = useAuth();
  const family = isSignedIn && role === 'student';
  const details = useGetBookingDetailsWhen(family);
  // ?again=<reservation id>: "Book these times again" (decision 253), the reservation's tutor, plan and contact.
  const againId = params.get('again')?.trim() ?? '';
  const againBooking = useBookingReservation(againId, againId !== '');
  const againDraft = againId ? loadReservationDraft(againId) : null;

  const summary = againBooking.data;
  // A by-subject booking kept in this tab is booked again by subject; otherwise with the reservation's tutor.
  const tutorId = againDraft ? againDraft.tutorId : summary ? summary.tutor.id : tutorIdFrom(location.state);
  const { t } = useTranslation('public');
  const { t: tb } = useTranslation('booking');
  usePageMeta(
    tutorId !== null ? t('Book a Tutoring Session') : t('Book by Subject'),
    t(
      'Book recurring weekly online sessions with a vetted Ethiopian tutor, or by subject, and pay securely by card.',
    ),
  );
  if ((family && details.isPending) || (againId && againBooking.isPending))
    return <Spinner label={tb('Loading your booking form...')} />;

  let again: Partial<BookingFormValues> | undefined;
  if (againId && (summary || againDraft)) {
    again = {
      ...againDraft?.values,
      ...(summary ? valuesFromReservation(summary, todayIn(summary.time_zone)) : {}),
    };
  }
  // A new tutor or subject starts a fresh wizard.
  return (
    <BookingWizard
      key={`${tutorId ?? ''}:${params.get('subject') ?? ''}:${againId}`}
      tutorId={tutorId}
      subjectSlug={params.get('subject')}
      prefill={{ ...savedDetails(details.data), ...prefillFrom(location.state) }}
      again={again}
      family={family}
    />
  );
}

/** The family's saved details, only for a signed-in family. */
function useGetBookingDetailsWhen(enabled: boolean) {
  const query = useQuery({ ...getBookingDetailsQueryOptions(), enabled, retry: false });
  return { isPending: enabled && query.isPending, data: enabled ? query.data : undefined };
}
