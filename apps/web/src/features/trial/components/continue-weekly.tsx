import type { ContinueWeekly } from '@tibeb/domain/bookings/trial';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useContinueWeekly } from '../api/trial.ts';

/**
 * The booking wizard's navigation state that prefills it from a finished trial (decision 273): the tutor, and the
 * trial's contact and student (the wizard's own field names).
 */
export const continueWeeklyState = (c: ContinueWeekly) => ({
  tutorId: c.tutor_id,
  prefill: {
    full_name: c.full_name,
    email: c.email,
    phone: c.phone,
    student_name: c.student_name,
    grade_level: c.student_grade,
  },
});

/** The family area's "Continue weekly with {tutor}" after each finished trial; nothing when there is none. */
export function ContinueWeeklyCards() {
  const { t } = useTranslation('family');
  const query = useContinueWeekly();
  const items = query.data ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="continue-weekly-heading" className="space-y-3">
      <h2 id="continue-weekly-heading" className="text-lg font-semibold text-stone-900">
        {t('After your trial lesson')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {items.map((c) => (
          <li
            key={c.reservation_id}
            className="flex min-w-0 flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4"
          >
            <p className="text-sm wrap-anywhere text-stone-800">
              {t('{{student}} had a trial lesson with {{tutor}}. Book weekly lessons to keep going.', {
                student: c.student_name,
                tutor: c.tutor_name,
              })}
            </p>
            <Link
              to="/booking/form"
              state={continueWeeklyState(c)}
              className={`${buttonStyles.primary} self-start wrap-anywhere`}
            >
              {t('Continue weekly with {{tutor}}', { tutor: c.tutor_name })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
