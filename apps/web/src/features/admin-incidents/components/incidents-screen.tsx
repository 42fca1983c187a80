import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IncidentView } from '@tibeb/domain/bookings/incidents';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer, type Translate } from '../../../lib/translate-message.ts';
import { useDecideIncident, useIncidentReport } from '../api/incidents.ts';

const EAT = 'Africa/Addis_Ababa';
const thisMonth = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 7);

/** What was reported and where it stands, in the office's words. */
export function incidentLabel(i: IncidentView, t: Translate): { what: string; status: string } {
  const what =
    i.kind === 'tutor_absent'
      ? t('Tutor did not come')
      : i.cause === 'power'
        ? t('Interrupted: power cut')
        : i.cause === 'connection'
          ? t('Interrupted: connection problem')
          : t('Interrupted: another reason');
  const status = {
    open: i.kind === 'interruption' ? t('Waiting for the make-up') : t('Waiting for the tutor'),
    disputed: t('Disputed: to decide'),
    upheld: t('Upheld: lesson given back'),
    made_up: t('Make-up booked'),
    dismissed: t('Dismissed'),
    lapsed: t('No make-up: credited'),
  }[i.status];
  return { what, status };
}

/**
 * Interruptions and no-shows per tutor and month (issue 30 item 3, decision 271): the counts per tutor, and the
 * month's reports with the disputed ones to uphold (the family gets the lesson back) or dismiss (nothing changes).
 */
export function IncidentsScreen() {
  const { t } = useTranslation('admin-extra');
  const dates = useDates();
  const id = useId();
  const [month, setMonth] = useState(thisMonth);
  const report = useIncidentReport(month);
  const decide = useDecideIncident();
  const [notes, setNotes] = useState<Record<string, string>>({});

  const columns: Column<IncidentView>[] = [
    {
      header: t('Lesson'),
      stack: true,
      cell: (i) => (
        <span className="wrap-anywhere">
          <span className="block font-medium">
            {t('{{tutor}} with {{student}}', { tutor: i.tutor_name, student: i.student_name })}
          </span>
          <span className="block text-sm text-stone-600">
            {dates.format(i.session_starts_at, 'dayTime', EAT)} EAT
          </span>
        </span>
      ),
    },
    {
      header: t('Report'),
      stack: true,
      cell: (i) => {
        const { what, status } = incidentLabel(i, t);
        return (
          <span className="space-y-1 wrap-anywhere">
            <span className="block font-medium">{what}</span>
            <span className="block text-sm">{status}</span>
            {i.note && (
              <span className="block text-sm text-stone-700">
                {t('Family or tutor: {{note}}', { note: i.note })}
              </span>
            )}
            {i.dispute_note && (
              <span className="block text-sm text-stone-700">
                {t('Tutor’s dispute: {{note}}', { note: i.dispute_note })}
              </span>
            )}
          </span>
        );
      },
    },
    {
      header: t('Decision'),
      stack: true,
      cell: (i) =>
        i.status === 'disputed' ? (
          <span className="block space-y-2">
            <label htmlFor={`${id}-${i.id}`} className="block text-sm font-medium">
              {t('Note to both (optional)')}
            </label>
            <input
              id={`${id}-${i.id}`}
              className={inputStyles}
              maxLength={1000}
              value={notes[i.id] ?? ''}
              onChange={(e) => setNotes({ ...notes, [i.id]: e.target.value })}
            />
            <span className="flex flex-wrap gap-2">
              <button
                type="button"
                className={buttonStyles.primary}
                disabled={decide.isPending}
                onClick={() => decide.mutate({ id: i.id, decision: 'uphold', note: notes[i.id] ?? '' })}
              >
                {t('Uphold: give the lesson back')}
              </button>
              <button
                type="button"
                className={buttonStyles.secondary}
                disabled={decide.isPending}
                onClick={() => decide.mutate({ id: i.id, decision: 'dismiss', note: notes[i.id] ?? '' })}
              >
                {t('Dismiss')}
              </button>
            </span>
          </span>
        ) : i.makeup_starts_at ? (
          <span className="text-sm">
            {t('Make-up: {{time}}', { time: `${dates.format(i.makeup_starts_at, 'dayTime', EAT)} EAT` })}
          </span>
        ) : (
          <span className="text-sm text-stone-600 wrap-anywhere">{i.resolution || '—'}</span>
        ),
    },
  ];

  return (
    <div className="space-y-6">
      <div>
        <label htmlFor={`${id}-month`} className="mb-1 block font-medium text-stone-900">
          {t('Month')}
        </label>
        <input
          id={`${id}-month`}
          type="month"
          className={`${inputStyles} max-w-xs`}
          value={month}
          onChange={(e) => setMonth(e.target.value || thisMonth())}
        />
      </div>
      {decide.error && (
        <Alert tone="error">{translateAnswer(t, decide.error) ?? t('Please try again.')}</Alert>
      )}
      {decide.isSuccess && (
        <Alert tone="success">
          {decide.data.status === 'upheld'
            ? t('Upheld: the family got the lesson back and both were told.')
            : t('Dismissed: nothing changed and both were told.')}
        </Alert>
      )}
      <section aria-labelledby={`${id}-per-tutor`} className="space-y-2">
        <h2 id={`${id}-per-tutor`} className="text-lg font-semibold text-stone-900">
          {t('Per tutor')}
        </h2>
        <DataTable
          caption={t('Interruptions and no-shows per tutor')}
          columns={[
            { header: t('Tutor'), cell: (r) => r.tutor_name },
            { header: t('Interruptions'), end: true, cell: (r) => r.interruptions },
            { header: t('Tutor did not come'), end: true, cell: (r) => r.absences },
            { header: t('Disputed'), end: true, cell: (r) => r.disputed },
          ]}
          rows={report.data?.tutors}
          rowKey={(r) => r.tutor_id}
          loading={report.isPending}
          loadingLabel={t('Loading reports...')}
          error={report.error ? t('Please try again.') : undefined}
          empty={t('No interruptions or no-shows this month.')}
        />
      </section>
      <section aria-labelledby={`${id}-reports`} className="space-y-2">
        <h2 id={`${id}-reports`} className="text-lg font-semibold text-stone-900">
          {t('Reports')}
        </h2>
        <DataTable
          caption={t('Reports of the month and disputes to decide')}
          columns={columns}
          rows={report.data?.incidents}
          rowKey={(i) => i.id}
          rowTestId="incident-row"
          loading={report.isPending}
          loadingLabel={t('Loading reports...')}
          empty={t('No reports this month.')}
        />
      </section>
    </div>
  );
}
