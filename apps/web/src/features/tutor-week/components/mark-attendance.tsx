import { useTranslation } from 'react-i18next';
import { AttendanceForm } from '../../../components/sessions/attendance-form.tsx';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useMarkAttendance } from '../api/mark-attendance.ts';

/** The tutor marks a session attended or no-show, with a progress note the family reads in its area. */
export function MarkAttendance({ sessionId, studentName }: { sessionId: string; studentName: string }) {
  const { t } = useTranslation('tutor');
  const mark = useMarkAttendance(sessionId);
  return (
    <AttendanceForm
      texts={{
        form: t('Attendance of {{name}}', { name: studentName }),
        question: t('Did {{name}} attend?', { name: studentName }),
        attended: t('Attended'),
        noShow: t('No-show'),
        note: t('Progress note for the family (optional)'),
        submit: t('Save attendance'),
        pending: t('Saving...'),
      }}
      onSubmit={(body) => mark.mutateAsync(body)}
      describeError={(error) =>
        // The note's own check first (too long), else the lifecycle's answer by its code (not started yet…).
        translateAnswer(t, error, 'note') ?? t('Not saved. Please try again.')
      }
    />
  );
}
