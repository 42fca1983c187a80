import { PROGRESS_NOTE_MAX } from '@tibeb/domain/bookings/lifecycle';
import { useId, useState, type ReactNode } from 'react';
import { Alert } from '../ui/alert.tsx';
import { buttonStyles, inputStyles } from '../ui/button-styles.ts';
import { CharCount } from '../ui/char-count.tsx';
import { ChoiceGroup } from './choice-group.tsx';
import { useSubmit } from './use-submit.ts';

export type AttendanceStatus = 'attended' | 'no_show';
export type AttendanceMark = { status: AttendanceStatus; note?: string };

/** The form's words, translated by the area that shows it. */
export type AttendanceTexts = {
  /** The form's accessible name ('Attendance of Liya Kebede'). */
  form: string;
  question: string;
  attended: string;
  noShow: string;
  note: string;
  submit: string;
  pending: string;
};

/**
 * Marks a session that has started as attended or no-show, with an optional progress note the family reads:
 * the one attendance form of the screens that mark attendance. It knows no endpoint: `onSubmit` is the area's
 * own mutation (a blank note is left out).
 */
export function AttendanceForm({
  texts,
  onSubmit,
  describeError,
}: {
  texts: AttendanceTexts;
  onSubmit: (mark: AttendanceMark) => Promise<unknown>;
  describeError: (error: unknown) => ReactNode;
}) {
  const id = useId();
  const [status, setStatus] = useState<AttendanceStatus>('attended');
  const [note, setNote] = useState('');
  const { state, run, pending } = useSubmit(onSubmit);

  return (
    <form
      aria-label={texts.form}
      className="mt-3 space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        run({ status, ...(note.trim() ? { note: note.trim() } : {}) });
      }}
    >
      <ChoiceGroup
        inline
        legend={texts.question}
        value={status}
        onChange={setStatus}
        options={[
          ['attended', texts.attended],
          ['no_show', texts.noShow],
        ]}
      />
      <div>
        <label htmlFor={`${id}-note`} className="block font-medium text-stone-900">
          {texts.note}
        </label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={PROGRESS_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className={inputStyles}
          aria-describedby={`${id}-note-count`}
        />
        <CharCount id={`${id}-note-count`} length={note.length} max={PROGRESS_NOTE_MAX} />
      </div>
      <button type="submit" className={`${buttonStyles.primary} px-3 py-1.5 text-sm`} disabled={pending}>
        {pending ? texts.pending : texts.submit}
      </button>
      {state.status === 'failed' && <Alert tone="error">{describeError(state.error)}</Alert>}
    </form>
  );
}
