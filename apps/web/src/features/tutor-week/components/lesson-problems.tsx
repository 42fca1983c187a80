import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INCIDENT_NOTE_MAX,
  type IncidentView,
  type ReportableSession,
} from '@tibeb/domain/bookings/incidents';
import { SessionLabel } from '../../../components/sessions/session-label.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer, type Translate } from '../../../lib/translate-message.ts';
import {
  useDisputeAbsence,
  useMyIncidents,
  useReportProblem,
} from '../../../components/sessions/use-incidents.ts';
import { ReportProblemDialog } from '../../../components/sessions/report-problem-dialog.tsx';

const EAT = 'Africa/Addis_Ababa';

/** An incident's state in the tutor's words. */
export function tutorIncidentStatus(i: IncidentView, t: Translate): string {
  if (i.kind === 'interruption') {
    if (i.status === 'open') return t('Interrupted: waiting for the family to book the make-up');
    if (i.status === 'made_up') return t('Interrupted: make-up booked');
    if (i.status === 'lapsed') return t('Interrupted: no make-up booked, the family got credit');
    return t('Interrupted');
  }
  if (i.status === 'open') return t('The family says you did not come');
  if (i.status === 'disputed') return t('You disputed it: our team decides');
  if (i.status === 'upheld') return t('Counted as missed: the family got the lesson back');
  if (i.status === 'dismissed') return t('Report dismissed: counted as held');
  return t('The family says you did not come');
}

/**
 * The tutor's lessons with a problem (issue 30 item 3, decision 271): lessons under way or ended in the last 24
 * hours with "Report an interruption", and the reports on its lessons, with "Dispute" for a reported absence
 * (48 hours) and the make-up once the family booked it.
 */
export function TutorLessonProblems() {
  const { t } = useTranslation('tutor');
  const dates = useDates();
  const mine = useMyIncidents();
  const [reporting, setReporting] = useState<ReportableSession | null>(null);
  const [disputing, setDisputing] = useState<IncidentView | null>(null);
  const report = useReportProblem();
  const data = mine.data;
  if (!data || (data.reportable.length === 0 && data.incidents.length === 0)) return null;
  const at = (iso: string) => `${dates.format(iso, 'dayTime', EAT)} EAT`;

  return (
    <section aria-labelledby="tutor-lesson-problems-heading" className="space-y-3">
      <h2 id="tutor-lesson-problems-heading" className="text-lg font-semibold text-stone-900">
        {t('Lesson problems')}
      </h2>
      <ul className="grid gap-3 xl:grid-cols-2">
        {data.reportable.map((s) => (
          <li
            key={s.id}
            className="space-y-2 rounded-xl border border-stone-200 bg-white p-4 shadow-sm wrap-anywhere"
          >
            <p className="font-medium text-stone-900">
              {t('{{subject}} with {{student}}', { subject: s.subject, student: s.student_name })}:{' '}
              {at(s.starts_at)}
            </p>
            <button type="button" className={buttonStyles.secondary} onClick={() => setReporting(s)}>
              {t('Report an interruption')}
            </button>
          </li>
        ))}
        {data.incidents.map((i) => (
          <li
            key={i.id}
            data-testid="incident"
            className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 wrap-anywhere"
          >
            <p className="font-medium text-stone-900">
              {t('{{subject}} with {{student}}', { subject: i.subject, student: i.student_name })}:{' '}
              {at(i.session_starts_at)}
            </p>
            <p className="text-sm font-semibold text-amber-900">{tutorIncidentStatus(i, t)}</p>
            {i.note && (
              <p className="text-sm">
                <span className="font-medium">{t('Note:')}</span> {i.note}
              </p>
            )}
            {i.makeup_starts_at && (
              <p className="text-sm">
                {t('Make-up:')} <span className="font-medium">{at(i.makeup_starts_at)}</span>
              </p>
            )}
            {i.kind === 'tutor_absent' && i.status === 'open' && (
              <>
                <p className="text-sm text-stone-700">
                  {t('If you were there, dispute it by {{date}}.', { date: at(i.deadline_at) })}
                </p>
                <button type="button" className={buttonStyles.primary} onClick={() => setDisputing(i)}>
                  {t('Dispute')}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {reporting && (
        <ReportProblemDialog
          onClose={() => setReporting(null)}
          texts={{
            title: t('Report an interruption'),
            what: t('Why could the lesson not happen, or why was it cut short?'),
            options: [
              ['power', t('Power cut')],
              ['connection', t('Connection problem')],
              ['other', t('Another reason')],
            ],
            note: t('What happened, in a few words (optional)'),
            explain: () =>
              t(
                'The lesson is not paid as held. The family books a make-up within 14 days and you are paid once, for the make-up.',
              ),
            submit: t('Send the report'),
            dismiss: t('Close'),
            done: t('Done'),
            success: () => t('Reported. The family has been told and can book the make-up.'),
          }}
          summary={
            <p className="font-medium">
              {t('{{subject}} with {{student}}', {
                subject: reporting.subject,
                student: reporting.student_name,
              })}
              : {at(reporting.starts_at)}
            </p>
          }
          onSubmit={(choice) => report.mutateAsync({ sessionId: reporting.id, choice })}
          describeError={(error) => translateAnswer(t, error) ?? t('Please try again.')}
        />
      )}
      {disputing && <DisputeDialog incident={disputing} onClose={() => setDisputing(null)} />}
    </section>
  );
}

function DisputeDialog({ incident, onClose }: { incident: IncidentView; onClose: () => void }) {
  const { t } = useTranslation('tutor');
  const id = useId();
  const [note, setNote] = useState('');
  const dispute = useDisputeAbsence();
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('Dispute the report')}
      className="w-[min(36rem,calc(100vw-2rem))]"
    >
      {dispute.isSuccess ? (
        <div className="space-y-4">
          <Alert tone="success">{t('Sent. Our team will decide and write to you and the family.')}</Alert>
          <div className="flex justify-end">
            <button type="button" className={buttonStyles.primary} onClick={onClose}>
              {t('Done')}
            </button>
          </div>
        </div>
      ) : (
        <form
          className="space-y-4 wrap-anywhere"
          onSubmit={(e) => {
            e.preventDefault();
            dispute.mutate({ sessionId: incident.session_id, note: note.trim() });
          }}
        >
          <div>
            <SessionLabel htmlFor={`${id}-note`}>{t('What happened at the lesson?')}</SessionLabel>
            <textarea
              id={`${id}-note`}
              rows={3}
              required
              className={inputStyles}
              maxLength={INCIDENT_NOTE_MAX}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          {dispute.error && (
            <Alert tone="error">{translateAnswer(t, dispute.error) ?? t('Please try again.')}</Alert>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonStyles.secondary} onClick={onClose}>
              {t('Close')}
            </button>
            <button type="submit" className={buttonStyles.primary} disabled={dispute.isPending}>
              {t('Send the dispute')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
