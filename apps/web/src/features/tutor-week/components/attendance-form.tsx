import { useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useMarkAttendance, type Attendance } from '../api/mark-attendance.ts';

const NOTE_MAX = 2000;

/** Marks an ended session attended or no-show, with a progress note the family reads in its area. */
export function AttendanceForm({ sessionId, studentName }: { sessionId: string; studentName: string }) {
  const { t } = useTranslation('tutor');
  const id = useId();
  const [status, setStatus] = useState<Attendance['status']>('attended');
  const [note, setNote] = useState('');
  const mark = useMarkAttendance(sessionId);
  const problem =
    mark.error instanceof ApiError
      ? t(mark.error.fieldErrors.note?.[0] ?? mark.error.message)
      : mark.error
        ? t('Not saved. Please try again.')
        : null;

  return (
    <form
      aria-label={t('Attendance of {{name}}', { name: studentName })}
      className="mt-3 space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        mark.mutate({ status, ...(note.trim() ? { note: note.trim() } : {}) });
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium text-stone-900">
          {t('Did {{name}} attend?', { name: studentName })}
        </legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(
            [
              ['attended', 'Attended'],
              ['no_show', 'No-show'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="inline-flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-status`}
                value={value}
                checked={status === value}
                onChange={() => setStatus(value)}
              />
              {t(label)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-note`} className="block text-sm font-medium text-stone-900">
          {t('Progress note for the family (optional)')}
        </label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className={inputStyles}
        />
      </div>
      <button
        type="submit"
        className={`${buttonStyles.primary} px-3 py-1.5 text-sm`}
        disabled={mark.isPending}
      >
        {mark.isPending ? t('Saving...') : t('Save attendance')}
      </button>
      {problem && <Alert tone="error">{problem}</Alert>}
    </form>
  );
}
