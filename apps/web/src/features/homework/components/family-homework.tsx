import { useTranslation } from 'react-i18next';
import { isOverdue, type Homework } from '@tibeb/domain/homework/contracts';
import { PrivateFile } from '../../../components/private-file.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useFamilyHomework, useMarkHomeworkDone } from '../api/homework.ts';
import { localToday } from './homework-dialog.tsx';

/**
 * The family's homework on Progress (decision 270), per lesson: the lesson, the work, its file, the due date,
 * done or not with the button to say so, and the tutor's note.
 */
export function FamilyHomework() {
  const { t } = useTranslation('family');
  const list = useFamilyHomework();
  return (
    <section
      aria-labelledby="family-homework"
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="family-homework" className="text-xl font-semibold text-brand-800">
        {t('Homework')}
      </h2>
      {list.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : list.isError ? (
        <Alert tone="error">{t('We could not load the homework. Please try again.')}</Alert>
      ) : list.data.length === 0 ? (
        <p className="mt-2 text-stone-600">{t('No homework yet: the tutor’s homework shows here.')}</p>
      ) : (
        <ul className="mt-3 space-y-4">
          {list.data.map((h) => (
            <FamilyHomeworkItem key={h.id} homework={h} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FamilyHomeworkItem({ homework: h }: { homework: Homework }) {
  const { t } = useTranslation('family');
  const dates = useDates();
  const mark = useMarkHomeworkDone(h.id);
  const overdue = isOverdue(h, localToday());
  return (
    <li className="rounded-lg border border-stone-200 p-3 sm:p-4">
      <p className="text-sm text-stone-600 wrap-anywhere">
        {t('Lesson of {{date}}', { date: dates.format(h.session_starts_at, 'date') })} · {h.student_name}
        {h.subject && ` · ${h.subject}`} · {h.tutor_name}
      </p>
      <p className="mt-2 whitespace-pre-wrap wrap-anywhere text-stone-900">{h.text}</p>
      {h.attachment && <PrivateFile file={h.attachment} />}
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <span className={overdue ? 'font-semibold text-red-800' : 'text-stone-700'}>
          {t('Due {{date}}', { date: dates.format(`${h.due_on}T12:00:00Z`, 'date', 'UTC') })}
        </span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            h.done_at ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'
          }`}
        >
          {h.done_at ? t('Marked done') : overdue ? t('Overdue') : t('Not done yet')}
        </span>
      </div>
      {h.tutor_note && (
        <p className="mt-2 rounded-lg bg-brand-50 p-2 text-sm text-stone-800">
          <span className="font-medium">{t('Tutor’s note:')}</span>{' '}
          <span className="whitespace-pre-wrap wrap-anywhere">{h.tutor_note}</span>
        </p>
      )}
      <div className="mt-3">
        <button
          type="button"
          className={`${h.done_at ? buttonStyles.secondary : buttonStyles.primary} px-3 py-1.5 text-sm`}
          disabled={mark.isPending}
          onClick={() => mark.mutate(!h.done_at)}
        >
          {h.done_at ? t('Mark as not done') : t('Mark as done')}
        </button>
      </div>
      {mark.error && (
        <Alert tone="error">{translateAnswer(t, mark.error) ?? t('Not saved. Please try again.')}</Alert>
      )}
    </li>
  );
}
