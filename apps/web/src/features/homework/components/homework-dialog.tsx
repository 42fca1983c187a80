import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOMEWORK_TEXT_MAX, type Homework } from '@tibeb/domain/homework/contracts';
import type { Attachment } from '@tibeb/domain/messages/attachments';
import { PrivateFilePicker } from '../../../components/private-file-picker.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { CharCount } from '../../../components/ui/char-count.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useEditHomework, useSetHomework } from '../api/homework.ts';

/** Today in the browser's calendar (the API checks against the tutor's own zone). */
export const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * Set homework on a lesson, or change it (decision 270): the work (up to 4000 characters), the due date (today or
 * later) and an optional image or PDF. The family is e-mailed when it is set.
 */
export function HomeworkDialog({
  open,
  onClose,
  sessionId,
  studentName,
  homework,
}: {
  open: boolean;
  onClose: () => void;
  sessionId: string;
  studentName: string;
  homework?: Homework;
}) {
  const { t } = useTranslation('tutor');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={homework ? t('Change the homework') : t('Set homework for {{name}}', { name: studentName })}
    >
      {open && <HomeworkForm sessionId={sessionId} homework={homework} onDone={onClose} />}
    </Dialog>
  );
}

function HomeworkForm({
  sessionId,
  homework,
  onDone,
}: {
  sessionId: string;
  homework: Homework | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation('tutor');
  const id = useId();
  const [text, setText] = useState(homework?.text ?? '');
  const [due, setDue] = useState(homework?.due_on ?? '');
  const [file, setFile] = useState<Attachment | null>(homework?.attachment ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useSetHomework(sessionId);
  const edit = useEditHomework(homework?.id ?? '');
  const saving = create.isPending || edit.isPending;

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setProblem(null);
        if (!text.trim()) return setProblem(t('Please write the homework.'));
        if (!due) return setProblem(t('Please choose a due date.'));
        const body = { text, due_on: due, attachment_id: file?.id ?? null };
        const done = {
          onSuccess: onDone,
          onError: (err: unknown) => setProblem(translateAnswer(t, err) ?? t('Not saved. Please try again.')),
        };
        if (homework) edit.mutate(body, done);
        else create.mutate(body, done);
      }}
    >
      <div>
        <label htmlFor={`${id}-text`} className="block font-medium text-stone-900">
          {t('Homework')}
        </label>
        <textarea
          id={`${id}-text`}
          rows={5}
          required
          maxLength={HOMEWORK_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className={`${inputStyles} wrap-anywhere`}
          aria-describedby={`${id}-count`}
        />
        <CharCount id={`${id}-count`} length={text.length} max={HOMEWORK_TEXT_MAX} />
      </div>
      <div>
        <label htmlFor={`${id}-due`} className="block font-medium text-stone-900">
          {t('Due date')}
        </label>
        <input
          id={`${id}-due`}
          type="date"
          required
          min={homework?.due_on && homework.due_on < localToday() ? homework.due_on : localToday()}
          value={due}
          onChange={(e) => setDue(e.target.value)}
          className={`${inputStyles} max-w-xs`}
        />
      </div>
      <PrivateFilePicker area="tutor" value={file} onChange={setFile} label={t('Attach a file')} />
      {problem && <Alert tone="error">{problem}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonStyles.secondary} onClick={onDone}>
          {t('Cancel')}
        </button>
        <button type="submit" className={buttonStyles.primary} disabled={saving}>
          {saving ? t('Saving...') : homework ? t('Save the homework') : t('Set homework')}
        </button>
      </div>
    </form>
  );
}
