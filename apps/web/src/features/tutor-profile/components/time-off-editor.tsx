import { useTranslation } from 'react-i18next';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDates } from '../../../lib/dates.ts';
import { useAddTimeOff } from '../api/add-time-off.ts';
import { useDeleteTimeOff } from '../api/delete-time-off.ts';
import { useTimeOff } from '../api/get-time-off.ts';
import type { ProfileScope } from '../api/scope.ts';
import { SaveProblem } from './problem.tsx';

export type TimeOffEditorProps = {
  scope: ProfileScope;
  /** The lessons a refused time off would strand (their ids), with the changes the area offers (decision 260). */
  renderStranded?: (sessionIds: string[]) => ReactNode;
};

/** Days off: one date or a range. A day with a session to come is refused until the session is moved. */
export function TimeOffEditor({ scope, renderStranded }: TimeOffEditorProps) {
  const { t } = useTranslation('tutor');
  const dates = useDates();
  const formatDay = (date: string) => dates.format(date, 'day');
  const id = useId();
  const list = useTimeOff(scope);
  const add = useAddTimeOff(scope);
  const remove = useDeleteTimeOff(scope);
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [reason, setReason] = useState('');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      {
        starts_on: startsOn,
        ...(endsOn ? { ends_on: endsOn } : {}),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      },
      {
        onSuccess: () => {
          setStartsOn('');
          setEndsOn('');
          setReason('');
        },
      },
    );
  };

  return (
    <div className="space-y-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
      {list.isPending ? (
        <Spinner label={t('Loading time off...')} />
      ) : list.isError ? (
        <Alert tone="error">{t('The time off could not be loaded.')}</Alert>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-stone-600">{t('No time off planned.')}</p>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label={t('Planned time off')}>
          {list.data.map((off) => {
            const label =
              off.starts_on === off.ends_on
                ? formatDay(off.starts_on)
                : `${formatDay(off.starts_on)} – ${formatDay(off.ends_on)}`;
            return (
              <li key={off.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{label}</span>
                  {off.reason && <span className="text-stone-600"> · {off.reason}</span>}
                </span>
                <button
                  type="button"
                  className="text-sm font-semibold text-red-700 underline"
                  onClick={() => remove.mutate(off.id)}
                  disabled={remove.isPending}
                >
                  {t('Remove')} <span className="sr-only">{t('time off {{label}}', { label })}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form
        onSubmit={onSubmit}
        className="grid gap-3 sm:grid-cols-[auto_auto_1fr_auto] sm:items-end"
        aria-label={t('Add time off')}
      >
        <label className="text-sm" htmlFor={`${id}-from`}>
          <span className="block text-stone-700">{t('First day')}</span>
          <input
            id={`${id}-from`}
            type="date"
            required
            className={inputStyles}
            value={startsOn}
            onChange={(e) => setStartsOn(e.target.value)}
          />
        </label>
        <label className="text-sm" htmlFor={`${id}-to`}>
          <span className="block text-stone-700">{t('Last day (optional)')}</span>
          <input
            id={`${id}-to`}
            type="date"
            className={inputStyles}
            value={endsOn}
            min={startsOn || undefined}
            onChange={(e) => setEndsOn(e.target.value)}
          />
        </label>
        <label className="text-sm" htmlFor={`${id}-reason`}>
          <span className="block text-stone-700">{t('Reason (optional)')}</span>
          <input
            id={`${id}-reason`}
            className={inputStyles}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
        <button type="submit" className={buttonStyles.primary} disabled={add.isPending || !startsOn}>
          {t('Add time off')}
        </button>
      </form>
      <SaveProblem error={add.error ?? remove.error} />
      {renderStranded && add.error instanceof ApiError && add.error.fieldErrors.session_ids?.length
        ? renderStranded(add.error.fieldErrors.session_ids)
        : null}
      {add.isSuccess && <Alert tone="success">{t('Time off added.')}</Alert>}
    </div>
  );
}
