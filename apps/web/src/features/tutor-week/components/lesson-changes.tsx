import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OFFICE_MESSAGE_MAX, TUTOR_REASON_MAX } from '@tibeb/domain/bookings/tutor-changes';
import type { TutorSession } from '@tibeb/domain/sessions/tutor-area';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { CharCount } from '../../../components/ui/char-count.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useGetOverview } from '../api/get-overview.ts';
import { useAskOffice, useCancelLesson, useFreeTimes, useMoveLesson } from '../api/tutor-changes.ts';
import { useNow } from '../hooks/use-now.ts';
import { minutesBetween, zoneLabel } from './zoned.ts';

type Mode = 'move' | 'cancel' | 'office';

const smallButton =
  'rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700';

/** The error under a form, in the reader's language, by the answer's code. */
function useErrorText() {
  const { t } = useTranslation('tutor');
  return (error: unknown) => (error ? (translateAnswer(t, error) ?? t('Please try again.')) : null);
}

/** A lesson still to come: move it, cancel it (the family gets credit), or ask the office about it (decision 260). */
export function LessonChanges({ session }: { session: TutorSession }) {
  const { t } = useTranslation('tutor');
  const [mode, setMode] = useState<Mode | null>(null);
  const now = useNow();
  if (session.status !== 'scheduled' || Date.parse(session.starts_at) <= now) return null;
  const close = () => setMode(null);
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <button type="button" className={smallButton} onClick={() => setMode('move')}>
        {t('Move')}
      </button>
      <button type="button" className={smallButton} onClick={() => setMode('cancel')}>
        {t('Cancel lesson')}
      </button>
      <button type="button" className={smallButton} onClick={() => setMode('office')}>
        {t('Ask the office')}
      </button>
      {mode === 'move' && <MoveDialog session={session} onClose={close} />}
      {mode === 'cancel' && <CancelDialog session={session} onClose={close} />}
      {mode === 'office' && <OfficeDialog sessionIds={[session.id]} onClose={close} />}
    </div>
  );
}

function LessonLine({ session }: { session: TutorSession }) {
  const dates = useDates();
  return (
    <p className="text-sm wrap-anywhere text-stone-700">
      <span className="font-medium">{session.student_name}</span> ·{' '}
      {dates.format(session.starts_at, 'dayTime', session.time_zone)} {zoneLabel(session.time_zone)}
    </p>
  );
}

function ScopeChoice({
  value,
  onChange,
}: {
  value: 'one' | 'series';
  onChange: (v: 'one' | 'series') => void;
}) {
  const { t } = useTranslation('tutor');
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">{t('Which lessons')}</legend>
      {(['one', 'series'] as const).map((v) => (
        <label key={v} className="flex items-center gap-2 text-sm">
          <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} />
          {v === 'one' ? t('This lesson only') : t('This and the rest of the series')}
        </label>
      ))}
    </fieldset>
  );
}

function TextBox(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  max: number;
  rows?: number;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {props.label}
      </label>
      <textarea
        id={id}
        required
        rows={props.rows ?? 3}
        maxLength={props.max}
        aria-describedby={`${id}-count`}
        className={inputStyles}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <CharCount id={`${id}-count`} length={props.value.length} max={props.max} />
    </div>
  );
}

function ChangeDialog(props: {
  title: string;
  onClose: () => void;
  done: ReactNode;
  error: string | null;
  pending: boolean;
  submit: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('tutor');
  const send = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };
  return (
    <Dialog open onClose={props.onClose} title={props.title} className="w-full max-w-md">
      {props.done ? (
        <div className="space-y-3">
          <Alert tone="success">{props.done}</Alert>
          <button type="button" className={buttonStyles.primary} onClick={props.onClose}>
            {t('Close')}
          </button>
        </div>
      ) : (
        <form className="space-y-3" onSubmit={send}>
          {props.children}
          {props.error && <Alert tone="error">{props.error}</Alert>}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonStyles.primary} disabled={props.pending}>
              {props.submit}
            </button>
            <button type="button" className={buttonStyles.secondary} onClick={props.onClose}>
              {t('Keep it')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function MoveDialog({ session, onClose }: { session: TutorSession; onClose: () => void }) {
  const { t } = useTranslation('tutor');
  const errorText = useErrorText();
  const overview = useGetOverview();
  const move = useMoveLesson(session.id);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [scope, setScope] = useState<'one' | 'series'>('one');
  const [reason, setReason] = useState('');
  const ids = { date: useId(), time: useId() };
  const [y, m] = (date || session.starts_at.slice(0, 10)).split('-').map(Number) as [number, number];
  const free = useFreeTimes(
    overview.data?.tutor?.id ?? null,
    { year: y, month: m },
    minutesBetween(session.starts_at, session.ends_at),
    session.id,
  );
  const times = date ? (free.data?.available[date] ?? []) : [];
  const done =
    move.data?.outcome === 'moved'
      ? t('Moved. The family and you are told by e-mail, with your reason.')
      : move.data?.outcome === 'asked'
        ? t(
            'This lesson starts within the notice window, so the family is asked to accept the new time. Until they do, it stays where it is.',
          )
        : null;
  return (
    <ChangeDialog
      title={t('Move a lesson')}
      onClose={onClose}
      done={done}
      error={errorText(move.error)}
      pending={move.isPending}
      submit={t('Move')}
      onSubmit={() => move.mutate({ date, time, scope, reason })}
    >
      <LessonLine session={session} />
      <ScopeChoice value={scope} onChange={setScope} />
      <div>
        <label htmlFor={ids.date} className="mb-1 block text-sm font-medium">
          {t('New date')}
        </label>
        <input
          id={ids.date}
          type="date"
          required
          className={inputStyles}
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            setTime('');
          }}
        />
      </div>
      <div>
        <label htmlFor={ids.time} className="mb-1 block text-sm font-medium">
          {t('New time (EAT)')}
        </label>
        <select
          id={ids.time}
          required
          className={inputStyles}
          value={time}
          disabled={!date}
          onChange={(e) => setTime(e.target.value)}
        >
          <option value="">
            {free.isFetching
              ? t('Loading…')
              : date && times.length === 0
                ? t('No free time that day')
                : t('Choose a time')}
          </option>
          {times.map((slot) => (
            <option key={slot} value={slot}>
              {slot} EAT
            </option>
          ))}
        </select>
      </div>
      <TextBox
        label={t('Reason (the family reads it)')}
        value={reason}
        onChange={setReason}
        max={TUTOR_REASON_MAX}
      />
    </ChangeDialog>
  );
}

function CancelDialog({ session, onClose }: { session: TutorSession; onClose: () => void }) {
  const { t } = useTranslation('tutor');
  const errorText = useErrorText();
  const cancel = useCancelLesson(session.id);
  const [scope, setScope] = useState<'one' | 'series'>('one');
  const [reason, setReason] = useState('');
  return (
    <ChangeDialog
      title={t('Cancel a lesson')}
      onClose={onClose}
      done={
        cancel.isSuccess
          ? t('Cancelled. The family has the value back as credit and is told your reason.')
          : null
      }
      error={errorText(cancel.error)}
      pending={cancel.isPending}
      submit={t('Cancel lesson')}
      onSubmit={() => cancel.mutate({ scope, reason })}
    >
      <LessonLine session={session} />
      <p className="text-sm text-stone-600">
        {t('A cancellation by you is never the family’s fault: they get the value back as credit.')}
      </p>
      <ScopeChoice value={scope} onChange={setScope} />
      <TextBox
        label={t('Reason (the family reads it)')}
        value={reason}
        onChange={setReason}
        max={TUTOR_REASON_MAX}
      />
    </ChangeDialog>
  );
}

/** "Ask the office": a message to the administrators, about these lessons (or none). */
export function OfficeDialog({ sessionIds, onClose }: { sessionIds: string[]; onClose: () => void }) {
  const { t } = useTranslation('tutor');
  const errorText = useErrorText();
  const ask = useAskOffice();
  const [message, setMessage] = useState('');
  return (
    <ChangeDialog
      title={t('Ask the office')}
      onClose={onClose}
      done={ask.isSuccess ? t('Sent. The office answers you by e-mail.') : null}
      error={errorText(ask.error)}
      pending={ask.isPending}
      submit={t('Send')}
      onSubmit={() => ask.mutate({ message, session_ids: sessionIds })}
    >
      <TextBox
        label={t('Your message')}
        value={message}
        onChange={setMessage}
        max={OFFICE_MESSAGE_MAX}
        rows={5}
      />
    </ChangeDialog>
  );
}
