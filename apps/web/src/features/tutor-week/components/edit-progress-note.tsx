import { PROGRESS_NOTE_MAX } from '@tibeb/domain/bookings/lifecycle';
import { PROGRESS_NOTE_EDIT_DAYS } from '@tibeb/domain/bookings/progress-notes';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { CharCount } from '../../../components/ui/char-count.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useEditProgressNote, useProgressNote, useWithdrawProgressNote } from '../api/progress-note.ts';

/**
 * The tutor corrects a lesson's progress note (decision 261): edit or withdraw it for 7 days after writing it;
 * the family then reads only the current text. Read from the API when opened (it says until when it may change).
 */
export function EditProgressNote({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('tutor');
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-2" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-medium text-brand-700">
        {t('Correct or withdraw the note')}
      </summary>
      {open && <NoteEditor sessionId={sessionId} />}
    </details>
  );
}

function NoteEditor({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('tutor');
  const dates = useDates();
  const id = useId();
  const note = useProgressNote(sessionId, true);
  const edit = useEditProgressNote(sessionId);
  const withdraw = useWithdrawProgressNote(sessionId);
  // The text being typed, for the note it was typed over (a withdrawal brings the lesson's earlier note back).
  const [draft, setDraft] = useState<{ id: string; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  if (note.isPending) return <p className="mt-2 text-sm text-stone-600">{t('Loading...')}</p>;
  if (note.isError)
    return <Alert tone="error">{translateAnswer(t, note.error) ?? t('Not saved. Please try again.')}</Alert>;
  const current = note.data;
  const said = done && (
    <p role="status" className="mt-2 text-sm text-emerald-800">
      {done}
    </p>
  );
  if (!current.editable) {
    return (
      <>
        {said}
        <p className="mt-2 text-sm text-stone-600">
          {t(
            'A note can be corrected or withdrawn for {{days}} days after it was written; this one is older.',
            {
              days: PROGRESS_NOTE_EDIT_DAYS,
            },
          )}
        </p>
      </>
    );
  }
  const value = draft?.id === current.id ? draft.text : current.note;
  const failure = edit.error ?? withdraw.error;
  return (
    <form
      aria-label={t('Correct the progress note')}
      className="mt-2 space-y-3 rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        setDone(null);
        withdraw.reset();
        edit.mutate({ note: value.trim() }, { onSuccess: () => setDone(t('Note corrected.')) });
      }}
    >
      <div>
        <label htmlFor={`${id}-note`} className="block font-medium text-stone-900">
          {t('Progress note for the family')}
        </label>
        <textarea
          id={`${id}-note`}
          rows={3}
          required
          maxLength={PROGRESS_NOTE_MAX}
          value={value}
          onChange={(e) => setDraft({ id: current.id, text: e.target.value })}
          className={`${inputStyles} wrap-anywhere`}
          aria-describedby={`${id}-note-count ${id}-until`}
        />
        <CharCount id={`${id}-note-count`} length={value.length} max={PROGRESS_NOTE_MAX} />
        <p id={`${id}-until`} className="text-stone-600">
          {t('You can change it until {{date}}.', { date: dates.format(current.editable_until, 'dayTime') })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={`${buttonStyles.primary} px-3 py-1.5 text-sm`}
          disabled={edit.isPending || !value.trim()}
        >
          {edit.isPending ? t('Saving...') : t('Save the corrected note')}
        </button>
        <button
          type="button"
          className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}
          disabled={withdraw.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('Withdraw the note')}
        </button>
      </div>
      {said}
      {failure && (
        <Alert tone="error">{translateAnswer(t, failure, 'note') ?? t('Not saved. Please try again.')}</Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('Withdraw this progress note?')}
        message={t('The family will no longer see it. E-mails already sent cannot be recalled.')}
        confirm={t('Withdraw the note')}
        cancel={t('Keep it')}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          edit.reset();
          setDone(null);
          withdraw.mutate(undefined, { onSuccess: () => setDone(t('Note withdrawn.')) });
        }}
      />
    </form>
  );
}
