import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TUTOR_REASON_MAX } from '@tibeb/domain/bookings/tutor-changes';
import type { TutorSession } from '@tibeb/domain/sessions/tutor-area';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { CharCount } from '../../../components/ui/char-count.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useGetStudents } from '../api/get-students.ts';
import { useReportSick, useTutorMoveRequests, useWithdrawMoveRequest } from '../api/tutor-changes.ts';
import { LessonChanges, OfficeDialog } from './lesson-changes.tsx';
import { dateIn, zoneLabel } from './zoned.ts';

/**
 * The tutor's changes beside the week (decision 260): report sick for a day, ask the office, and the moves
 * waiting for a family's answer (withdraw one).
 */
export function TutorChangesPanel() {
  const { t } = useTranslation('tutor');
  const [open, setOpen] = useState<'sick' | 'office' | null>(null);
  return (
    <section aria-labelledby="changes-heading" className="space-y-3">
      <h2 id="changes-heading" className="text-lg font-semibold text-stone-900">
        {t('Changes')}
      </h2>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonStyles.secondary} onClick={() => setOpen('sick')}>
          {t('Report sick for a day')}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={() => setOpen('office')}>
          {t('Ask the office')}
        </button>
      </div>
      <PendingMoves />
      {open === 'sick' && <SickDayDialog onClose={() => setOpen(null)} />}
      {open === 'office' && <OfficeDialog sessionIds={[]} onClose={() => setOpen(null)} />}
    </section>
  );
}

function PendingMoves() {
  const { t } = useTranslation('tutor');
  const dates = useDates();
  const requests = useTutorMoveRequests();
  const withdraw = useWithdrawMoveRequest();
  if (!requests.data?.length) return null;
  return (
    <div>
      <h3 className="mb-1 font-medium text-stone-900">{t('Waiting for the family’s answer')}</h3>
      <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
        {requests.data.map((r) => (
          <li key={r.id} className="space-y-1 px-4 py-3 text-sm wrap-anywhere">
            <p className="font-semibold">{r.student_name}</p>
            {r.lessons.map((l) => (
              <p key={l.session_id}>
                {dates.format(l.from, 'dayTime', r.time_zone)} → {dates.format(l.to, 'dayTime', r.time_zone)}{' '}
                {zoneLabel(r.time_zone)}
              </p>
            ))}
            <p className="text-stone-600">{r.reason}</p>
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={withdraw.isPending}
              onClick={() => withdraw.mutate(r.id)}
            >
              {t('Withdraw')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SickDayDialog({ onClose, date: initial = '' }: { onClose: () => void; date?: string }) {
  const { t } = useTranslation('tutor');
  const sick = useReportSick();
  const [date, setDate] = useState(initial);
  const [reason, setReason] = useState('');
  const ids = { date: useId(), reason: useId() };
  return (
    <Dialog open onClose={onClose} title={t('Report sick for a day')} className="w-full max-w-md">
      {sick.isSuccess ? (
        <div className="space-y-3">
          <Alert tone="success">
            {t('{{count}} lessons cancelled. Each family has the value back as credit and is told.', {
              count: sick.data.cancelled,
            })}
          </Alert>
          <button type="button" className={buttonStyles.primary} onClick={onClose}>
            {t('Close')}
          </button>
        </div>
      ) : (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            sick.mutate({ date, reason });
          }}
        >
          <p className="text-sm text-stone-600">
            {t(
              'Every lesson you have that day is cancelled and each family gets its value back as credit. To offer a family another time instead, move that lesson first.',
            )}
          </p>
          <div>
            <label htmlFor={ids.date} className="mb-1 block text-sm font-medium">
              {t('Day')}
            </label>
            <input
              id={ids.date}
              type="date"
              required
              className={inputStyles}
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor={ids.reason} className="mb-1 block text-sm font-medium">
              {t('Reason (the family reads it)')}
            </label>
            <textarea
              id={ids.reason}
              required
              rows={3}
              maxLength={TUTOR_REASON_MAX}
              aria-describedby={`${ids.reason}-count`}
              className={inputStyles}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <CharCount id={`${ids.reason}-count`} length={reason.length} max={TUTOR_REASON_MAX} />
          </div>
          {sick.error && (
            <Alert tone="error">{translateAnswer(t, sick.error) ?? t('Please try again.')}</Alert>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonStyles.primary} disabled={sick.isPending}>
              {t('Cancel that day’s lessons')}
            </button>
            <button type="button" className={buttonStyles.secondary} onClick={onClose}>
              {t('Keep it')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/**
 * The lessons a time off would strand (the refusal's `session_ids`), each with the changes the tutor can make:
 * move, cancel, ask the office; or a sick day for its date.
 */
export function StrandedLessons({ ids }: { ids: string[] }) {
  const { t } = useTranslation('tutor');
  const dates = useDates();
  const students = useGetStudents();
  const [sickDate, setSickDate] = useState<string | null>(null);
  const lessons: TutorSession[] = (students.data ?? [])
    .flatMap((s) => s.sessions)
    .filter((s) => ids.includes(s.id))
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  if (lessons.length === 0) return null;
  return (
    <div className="mt-2 space-y-2">
      <p className="text-sm font-medium">{t('Change these lessons first:')}</p>
      <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
        {lessons.map((s) => (
          <li key={s.id} className="px-4 py-3 text-sm wrap-anywhere">
            <p>
              <span className="font-semibold">{s.student_name}</span> ·{' '}
              {dates.format(s.starts_at, 'dayTime', s.time_zone)} {zoneLabel(s.time_zone)}
            </p>
            <LessonChanges session={s} />
            <button
              type="button"
              className="mt-2 text-sm font-medium text-brand-700 underline"
              onClick={() => setSickDate(dateIn(s.starts_at, s.time_zone))}
            >
              {t('Report sick that day')}
            </button>
          </li>
        ))}
      </ul>
      {sickDate !== null && <SickDayDialog date={sickDate} onClose={() => setSickDate(null)} />}
    </div>
  );
}
