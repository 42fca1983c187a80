import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookedSessionStatuses } from '@tibeb/domain/bookings/statuses';
import { HOMEWORK_NOTE_MAX, type Homework } from '@tibeb/domain/homework/contracts';
import type { TutorSession } from '@tibeb/domain/sessions/tutor-area';
import { PrivateFile } from '../../../components/private-file.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { CharCount } from '../../../components/ui/char-count.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useDeleteHomework, useNoteHomework, useTutorHomework } from '../api/homework.ts';
import { HomeworkDialog } from './homework-dialog.tsx';

/**
 * A lesson's homework on the tutor's screens (decision 270): each piece with its due date, file and whether the
 * family marked it done, a note for the family, change or delete while not done; and "Set homework". Shown on
 * paid lessons only (to come, held or missed).
 */
export function TutorSessionHomework({ session }: { session: TutorSession }) {
  if (!(bookedSessionStatuses as readonly string[]).includes(session.status)) return null;
  return <SessionHomework session={session} />;
}

function SessionHomework({ session }: { session: TutorSession }) {
  const { t } = useTranslation('tutor');
  const list = useTutorHomework();
  const [open, setOpen] = useState(false);
  const items = (list.data ?? []).filter((h) => h.session_id === session.id);
  return (
    <div className="mt-2 space-y-2">
      {items.length > 0 && (
        <ul aria-label={t('Homework')} className="space-y-2">
          {items.map((h) => (
            <TutorHomeworkItem key={h.id} homework={h} studentName={session.student_name} />
          ))}
        </ul>
      )}
      <button
        type="button"
        className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}
        onClick={() => setOpen(true)}
        aria-label={t('Set homework for {{name}}', { name: session.student_name })}
      >
        {t('Set homework')}
      </button>
      <HomeworkDialog
        open={open}
        onClose={() => setOpen(false)}
        sessionId={session.id}
        studentName={session.student_name}
      />
    </div>
  );
}

function TutorHomeworkItem({ homework: h, studentName }: { homework: Homework; studentName: string }) {
  const { t } = useTranslation('tutor');
  const dates = useDates();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const save = useNoteHomework(h.id);
  const remove = useDeleteHomework(h.id);
  const value = note ?? h.tutor_note;
  const failure = save.error ?? remove.error;
  return (
    <li className="rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-stone-900">
          {t('Homework')} ·{' '}
          <span className="font-normal text-stone-700">
            {t('due {{date}}', { date: dates.format(`${h.due_on}T12:00:00Z`, 'date', 'UTC') })}
          </span>
        </p>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            h.done_at ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'
          }`}
        >
          {h.done_at ? t('Marked done') : t('Not done yet')}
        </span>
      </div>
      <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-stone-800">{h.text}</p>
      {h.attachment && <PrivateFile file={h.attachment} />}
      <form
        className="mt-2 space-y-1"
        onSubmit={(e) => {
          e.preventDefault();
          setSaid(null);
          save.mutate({ tutor_note: value }, { onSuccess: () => setSaid(t('Note saved.')) });
        }}
      >
        <label htmlFor={`${id}-note`} className="block font-medium text-stone-900">
          {t('Your note on this homework (the family sees it)')}
        </label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={HOMEWORK_NOTE_MAX}
          value={value}
          onChange={(e) => setNote(e.target.value)}
          className={`${inputStyles} wrap-anywhere`}
          aria-describedby={`${id}-count`}
        />
        <CharCount id={`${id}-count`} length={value.length} max={HOMEWORK_NOTE_MAX} />
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            className={`${buttonStyles.primary} px-3 py-1.5 text-sm`}
            disabled={save.isPending}
          >
            {save.isPending ? t('Saving...') : t('Save note')}
          </button>
          {!h.done_at && (
            <>
              <button
                type="button"
                className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}
                onClick={() => setEditing(true)}
              >
                {t('Change')}
              </button>
              <button
                type="button"
                className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}
                onClick={() => setConfirming(true)}
                disabled={remove.isPending}
              >
                {t('Delete')}
              </button>
            </>
          )}
        </div>
        {said && (
          <p role="status" className="text-emerald-800">
            {said}
          </p>
        )}
        {failure && (
          <Alert tone="error">{translateAnswer(t, failure) ?? t('Not saved. Please try again.')}</Alert>
        )}
      </form>
      <HomeworkDialog
        open={editing}
        onClose={() => setEditing(false)}
        sessionId={h.session_id}
        studentName={studentName}
        homework={h}
      />
      <ConfirmDialog
        open={confirming}
        title={t('Delete this homework?')}
        message={t('The family will no longer see it.')}
        confirm={t('Delete')}
        cancel={t('Keep it')}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(undefined);
        }}
      />
    </li>
  );
}
