import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminReservationDetail, AdminSession } from '@tibeb/domain/admin-reservations/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { CancelSessionDialog } from '../../../components/sessions/cancel-session-dialog.tsx';
import { MoveSessionDialog } from '../../../components/sessions/move-session-dialog.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useCancelSession } from '../api/cancel-session.ts';
import { useFreeTimes } from '../api/get-free-times.ts';
import { useRescheduleSession } from '../api/reschedule-session.ts';
import { checkMessages } from '../utils/messages.ts';
import { longDate } from './format.ts';
import { StatusBadge } from './status-badge.tsx';

type Action = { kind: 'move' | 'cancel'; session: AdminSession } | null;
type DialogProps = { session: AdminSession; onDone: (message: string) => void; onClose: () => void };

/**
 * What the move and cancel dialogs share: the words of their scope and buttons, the session's time (`at`),
 * `frame` (closing, and the lifecycle's refusal in the interface's language: by its code, with a body check's
 * field messages listed) and `submit`, which sends the dialog's choice through its mutation and reports
 * `done(choice)` when it went through.
 */
function useSessionDialog({ session, onDone, onClose }: DialogProps) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const texts = {
    scopeLegend: t('Which sessions'),
    scopeOne: t('Only this session'),
    scopeSeries: t('This one and the rest of the series'),
    dismiss: t('Close'),
  };
  const describeError = (error: unknown) => {
    const fields = checkMessages(error);
    return (
      <>
        {translateAnswer(t, error) ?? t('Something went wrong.')}
        {fields.length > 0 && (
          <ul className="mt-1 list-disc pl-5">
            {fields.map((f) => (
              <li key={f}>{t(f)}</li>
            ))}
          </ul>
        )}
      </>
    );
  };
  const submit =
    <C,>(
      mutation: { mutateAsync: (v: { sessionId: string; body: C }) => Promise<unknown> },
      done: (choice: C) => string,
    ) =>
    (choice: C) =>
      mutation.mutateAsync({ sessionId: session.id, body: choice }).then(() => onDone(done(choice)));
  const at = `${longDate(session.date, dates)} ${session.time}`;
  return { t, dates, texts, submit, at, frame: { onClose, describeError } };
}

/** Moves a session to a date the administrator types, at one of the tutor's free times that day. */
function MoveDialog({ detail, ...props }: DialogProps & { detail: AdminReservationDetail }) {
  const { t, dates, texts, submit, at, frame } = useSessionDialog(props);
  const [date, setDate] = useState(props.session.date);
  const move = useRescheduleSession();
  const free = useFreeTimes({
    tutorId: detail.reservation.tutor_id,
    date,
    durationMinutes: detail.reservation.duration_minutes,
    exceptSessionId: props.session.id,
  });
  return (
    <MoveSessionDialog
      {...frame}
      texts={{
        ...texts,
        title: t('Move session'),
        date: t('New date'),
        time: t('New start time (EAT)'),
        chooseTime: t('Choose a time'),
        loading: t('Loading free times…'),
        none: t('No free time that day'),
        reasonLabel: t('Reason (optional)'),
        submit: () => t('Move session'),
        pending: t('Moving…'),
      }}
      summary={
        <p className="text-sm">
          {t('Now: {{time}} EAT. The new time must be free for {{tutor}}.', {
            time: at,
            tutor: detail.reservation.tutor_name,
          })}
        </p>
      }
      free={{ by: 'day', date, onDate: setDate, loading: free.isFetching, times: free.data ?? [] }}
      onSubmit={submit(move, (choice) =>
        t('Moved to {{time}} EAT.', { time: `${longDate(choice.date, dates)} ${choice.time}` }),
      )}
    />
  );
}

/** Cancels a session (or the rest of the series) for family credit or a refund, with an optional reason. */
function CancelDialog(props: DialogProps) {
  const { t, texts, submit, at, frame } = useSessionDialog(props);
  const cancel = useCancelSession();
  return (
    <CancelSessionDialog
      {...frame}
      texts={{
        ...texts,
        title: t('Cancel session'),
        outcomeLegend: t('The family gets'),
        outcomeCredit: t('Credit for a later booking'),
        outcomeRefund: t('A refund to the card'),
        reasonLabel: t('Reason (optional)'),
        submit: () => t('Cancel session'),
        pending: t('Cancelling…'),
      }}
      summary={
        <p className="text-sm">
          {t('{{time}} EAT. Inside the notice window the booking policy may give nothing back.', {
            time: at,
          })}
        </p>
      }
      onSubmit={submit(cancel, (choice) =>
        choice.outcome === 'credit'
          ? t('Cancelled; the family has the credit.')
          : t('Cancelled and refunded.'),
      )}
    />
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
      {action?.kind === 'move' && (
        <MoveDialog detail={detail} session={action.session} onDone={done} onClose={() => setAction(null)} />
      )}
      {action?.kind === 'cancel' && (
        <CancelDialog session={action.session} onDone={done} onClose={() => setAction(null)} />
      )}
    </div>
  );
}
