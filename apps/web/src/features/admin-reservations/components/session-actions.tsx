import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminReservationDetail, AdminSession } from '@tibeb/domain/admin-reservations/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/dates.ts';
import { useCancelSession } from '../api/cancel-session.ts';
import { useFreeTimes } from '../api/get-free-times.ts';
import { useRescheduleSession } from '../api/reschedule-session.ts';
import { translateAdminMessage } from '../utils/messages.ts';
import { longDate } from './format.ts';
import { StatusBadge } from './status-badge.tsx';

type Action = { kind: 'move' | 'cancel'; session: AdminSession } | null;

function Problem({ error }: { error: unknown }) {
  const { t } = useTranslation('admin');
  if (!error) return null;
  const fields = error instanceof ApiError ? Object.values(error.fieldErrors).flat() : [];
  return (
    <Alert tone="error">
      {error instanceof Error ? translateAdminMessage(t, error.message) : t('Something went wrong.')}
      {fields.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {fields.map((f) => (
            <li key={f}>{translateAdminMessage(t, f)}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

function ScopeChoice({
  value,
  onChange,
  name,
}: {
  value: 'one' | 'series';
  onChange: (v: 'one' | 'series') => void;
  name: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <fieldset className="space-y-1 text-sm">
      <legend className="font-medium text-stone-800">{t('Which sessions')}</legend>
      <label className="flex items-center gap-2">
        <input type="radio" name={name} checked={value === 'one'} onChange={() => onChange('one')} />{' '}
        {t('Only this session')}
      </label>
      <label className="flex items-center gap-2">
        <input type="radio" name={name} checked={value === 'series'} onChange={() => onChange('series')} />{' '}
        {t('This one and the rest of the series')}
      </label>
    </fieldset>
  );
}

function MoveForm({
  detail,
  session,
  onDone,
}: {
  detail: AdminReservationDetail;
  session: AdminSession;
  onDone: (m: string) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const dates = useDates();
  const [date, setDate] = useState(session.date);
  const [time, setTime] = useState('');
  const [scope, setScope] = useState<'one' | 'series'>('one');
  const move = useRescheduleSession();
  const free = useFreeTimes({
    tutorId: detail.reservation.tutor_id,
    date,
    durationMinutes: detail.reservation.duration_minutes,
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    move.mutate(
      { sessionId: session.id, body: { date, time, scope } },
      { onSuccess: () => onDone(t('Moved to {{time}} EAT.', { time: `${longDate(date, dates)} ${time}` })) },
    );
  };
  return (
    <form onSubmit={onSubmit} className="space-y-3">
      <p className="text-sm text-stone-700">
        {t('Now: {{time}} EAT. The new time must be free for {{tutor}}.', {
          time: `${longDate(session.date, dates)} ${session.time}`,
          tutor: detail.reservation.tutor_name,
        })}
      </p>
      <label htmlFor={`${id}-date`} className="block text-sm">
        <span className="block font-medium text-stone-800">{t('New date')}</span>
        <input
          id={`${id}-date`}
          type="date"
          required
          className={inputStyles}
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            setTime('');
          }}
        />
      </label>
      <label htmlFor={`${id}-time`} className="block text-sm">
        <span className="block font-medium text-stone-800">{t('New start time (EAT)')}</span>
        <select
          id={`${id}-time`}
          required
          className={inputStyles}
          value={time}
          onChange={(e) => setTime(e.target.value)}
        >
          <option value="">
            {free.isFetching
              ? t('Loading free times…')
              : free.data?.length
                ? t('Choose a time')
                : t('No free time that day')}
          </option>
          {free.data?.map((slot) => (
            <option key={slot} value={slot}>
              {slot} EAT
            </option>
          ))}
        </select>
      </label>
      <ScopeChoice value={scope} onChange={setScope} name={`${id}-scope`} />
      <Problem error={move.error} />
      <button type="submit" className={buttonStyles.primary} disabled={!time || move.isPending}>
        {move.isPending ? t('Moving…') : t('Move session')}
      </button>
    </form>
  );
}

function CancelForm({ session, onDone }: { session: AdminSession; onDone: (m: string) => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const dates = useDates();
  const [scope, setScope] = useState<'one' | 'series'>('one');
  const [outcome, setOutcome] = useState<'credit' | 'refund'>('credit');
  const [reason, setReason] = useState('');
  const cancel = useCancelSession();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    cancel.mutate(
      {
        sessionId: session.id,
        body: { scope, outcome, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      },
      {
        onSuccess: () =>
          onDone(
            outcome === 'credit' ? t('Cancelled; the family has the credit.') : t('Cancelled and refunded.'),
          ),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="space-y-3">
      <p className="text-sm text-stone-700">
        {t('{{time}} EAT. Inside the notice window the booking policy may give nothing back.', {
          time: `${longDate(session.date, dates)} ${session.time}`,
        })}
      </p>
      <ScopeChoice value={scope} onChange={setScope} name={`${id}-scope`} />
      <fieldset className="space-y-1 text-sm">
        <legend className="font-medium text-stone-800">{t('The family gets')}</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-outcome`}
            checked={outcome === 'credit'}
            onChange={() => setOutcome('credit')}
          />{' '}
          {t('Credit for a later booking')}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-outcome`}
            checked={outcome === 'refund'}
            onChange={() => setOutcome('refund')}
          />{' '}
          {t('A refund to the card')}
        </label>
      </fieldset>
      <label htmlFor={`${id}-reason`} className="block text-sm">
        <span className="block font-medium text-stone-800">{t('Reason (optional)')}</span>
        <input
          id={`${id}-reason`}
          className={inputStyles}
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      <Problem error={cancel.error} />
      <button
        type="submit"
        className={`${buttonStyles.primary} bg-red-700 hover:bg-red-800`}
        disabled={cancel.isPending}
      >
        {cancel.isPending ? t('Cancelling…') : t('Cancel session')}
      </button>
    </form>
  );
}

/**
 * The sessions still to come, each with Move and Cancel through the booking lifecycle's rules (notice window,
 * free slot, credit or refund); past and cancelled sessions are listed without tools.
 */
export function SessionActions({ detail }: { detail: AdminReservationDetail }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const [action, setAction] = useState<Action>(null);
  const [notice, setNotice] = useState('');
  const [now] = useState(() => Date.now());
  const open = (s: AdminSession) =>
    (s.status === 'scheduled' || s.status === 'held') && Date.parse(s.starts_at) > now;
  const done = (message: string) => {
    setAction(null);
    setNotice(message);
  };
  return (
    <div className="space-y-3">
      {notice && <Alert tone="success">{notice}</Alert>}
      <ol
        className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white"
        aria-label={t('Sessions')}
      >
        {detail.sessions.map((s) => {
          const label = `${longDate(s.date, dates)} ${s.time} EAT`;
          return (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{label}</span>
                <StatusBadge status={s.status} />
              </span>
              {open(s) && (
                <span className="flex gap-2">
                  <button
                    type="button"
                    className={`${buttonStyles.secondary} px-3 py-1.5`}
                    onClick={() => setAction({ kind: 'move', session: s })}
                  >
                    {t('Move')} <span className="sr-only">{t('session of {{time}}', { time: label })}</span>
                  </button>
                  <button
                    type="button"
                    className={`${buttonStyles.secondary} px-3 py-1.5 text-red-800`}
                    onClick={() => setAction({ kind: 'cancel', session: s })}
                  >
                    {/* 'Cancel_session' in locales/am/admin.json: cancelling the session, not closing a form. */}
                    {t('Cancel', { context: 'session' })}{' '}
                    <span className="sr-only">{t('session of {{time}}', { time: label })}</span>
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <Dialog
        open={action !== null}
        onClose={() => setAction(null)}
        title={action?.kind === 'cancel' ? t('Cancel session') : t('Move session')}
      >
        {action?.kind === 'move' && <MoveForm detail={detail} session={action.session} onDone={done} />}
        {action?.kind === 'cancel' && <CancelForm session={action.session} onDone={done} />}
        <button type="button" className={`${buttonStyles.secondary} mt-3`} onClick={() => setAction(null)}>
          {t('Close')}
        </button>
      </Dialog>
    </div>
  );
}
