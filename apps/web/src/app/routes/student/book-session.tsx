import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { BookingDetails } from '@tibeb/domain/family/contracts';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { BookingWizard } from '../../../features/bookings/components/booking-wizard.tsx';
import { useGetBookingDetails } from '../../../features/family/api/get-booking-details.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** The tutor id My Tutors' "Book again" passes in navigation state. */
function tutorIdFrom(state: unknown): number | null {
  const raw = state && typeof state === 'object' ? (state as { tutorId?: unknown }).tutorId : undefined;
  return typeof raw === 'number' && Number.isInteger(raw) && raw > 0 ? raw : null;
}

const NEW_STUDENT = '__new__';

function prefillOf(details: BookingDetails, student: string) {
  const s = details.students.find((x) => x.student_name === student);
  return {
    ...details.contact,
    ...(s
      ? {
          student_name: s.student_name,
          grade_level: s.grade_level,
          student_age: s.student_age,
          student_school: s.student_school,
        }
      : {}),
  };
}

/**
 * Book Session in the family area (issue 15 item 4): the booking wizard prefilled with the family's contact
 * details and the chosen student's; with a tutor when coming from My Tutors, else by subject.
 */
export function BookSession() {
  const { t } = useTranslation('family');
  const location = useLocation();
  const tutorId = tutorIdFrom(location.state);
  const details = useGetBookingDetails();
  usePageMeta(
    `${t('Book Session')} · ${t('Student')}`,
    t('Book weekly sessions: your details are filled in for you.'),
  );
  const [student, setStudent] = useState<string | null>(null);
  if (details.isPending) return <Spinner label={t('Loading...')} />;
  const data = details.data ?? null;
  const chosen = student ?? data?.students[0]?.student_name ?? NEW_STUDENT;
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        {data && data.students.length > 0 && (
          <label className="block w-full sm:w-72">
            <span className="mb-1 block font-medium">{t('Booking for')}</span>
            <select className={inputStyles} value={chosen} onChange={(e) => setStudent(e.target.value)}>
              {data.students.map((s) => (
                <option key={s.student_name} value={s.student_name}>
                  {s.student_name}
                </option>
              ))}
              <option value={NEW_STUDENT}>{t('Another student')}</option>
            </select>
          </label>
        )}
        <Link to="/tutors" className={`${buttonStyles.secondary} w-full sm:w-auto`}>
          {t('Choose a tutor from the directory')}
        </Link>
      </div>
      <BookingWizard
        key={`${tutorId ?? ''}:${chosen}`}
        tutorId={tutorId}
        subjectSlug={null}
        prefill={data ? prefillOf(data, chosen) : undefined}
        family
      />
    </div>
  );
}
