import { useId, useState, type ReactNode } from 'react';
import type { InterruptionCause } from '@tibeb/domain/bookings/incidents';
import { INCIDENT_NOTE_MAX } from '@tibeb/domain/bookings/incidents';
import { ChoiceGroup } from './choice-group.tsx';
import { SessionLabel } from './session-label.tsx';
import { useSubmit } from './use-submit.ts';
import { Alert } from '../ui/alert.tsx';
import { buttonStyles, inputStyles } from '../ui/button-styles.ts';
import { Dialog } from '../ui/dialog.tsx';

/** What the reader reports: an interruption and its cause, or the tutor's absence and what comes back. */
export type ProblemChoice =
  | { kind: 'interruption'; cause: InterruptionCause; note: string }
  | { kind: 'tutor_absent'; outcome: 'credit' | 'refund'; note: string };

/** What happened: a cause of an interruption, or (the family only) 'absent': the tutor did not come. */
export type ProblemKind = InterruptionCause | 'absent';

export type ReportProblemTexts = {
  title: string;
  what: string;
  options: readonly (readonly [ProblemKind, string])[];
  note: string;
  /** The family's choice of what comes back if the absence stands (absent only). */
  outcomeLegend?: string;
  outcomeCredit?: string;
  outcomeRefund?: string;
  /** What happens next, for the chosen kind. */
  explain: (kind: ProblemKind) => string;
  submit: string;
  dismiss: string;
  done: string;
  success: (kind: ProblemKind) => string;
};

/**
 * "Report a problem" with a lesson (issue 30 item 3): it could not happen or was cut short (power cut, connection,
 * other) or, for the family, the tutor did not come; a note; the answer in the dialog. It knows no endpoint: the
 * area passes its words and `onSubmit`.
 */
export function ReportProblemDialog({
  texts,
  summary,
  onSubmit,
  onClose,
  describeError,
}: {
  texts: ReportProblemTexts;
  summary: ReactNode;
  onSubmit: (choice: ProblemChoice) => Promise<unknown>;
  onClose: () => void;
  describeError: (error: unknown) => string;
}) {
  const id = useId();
  const [kind, setKind] = useState<ProblemKind>(texts.options[0]![0]);
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<'credit' | 'refund'>('credit');
  const submission = useSubmit(onSubmit);
  const { state } = submission;
  const send = () =>
    submission.run(
      kind === 'absent'
        ? { kind: 'tutor_absent', outcome, note: note.trim() }
        : { kind: 'interruption', cause: kind, note: note.trim() },
    );

  return (
    <Dialog open onClose={onClose} title={texts.title} className="w-[min(36rem,calc(100vw-2rem))]">
      <div className="space-y-4 wrap-anywhere">
        {summary}
        {state.status === 'done' ? (
          <>
            <Alert tone="success">{texts.success(kind)}</Alert>
            <div className="flex justify-end">
              <button type="button" className={buttonStyles.primary} onClick={onClose}>
                {texts.done}
              </button>
            </div>
          </>
        ) : (
          <form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              send();
            }}
          >
            <ChoiceGroup legend={texts.what} value={kind} onChange={setKind} options={texts.options} />
            {kind === 'absent' && texts.outcomeLegend && (
              <ChoiceGroup
                legend={texts.outcomeLegend}
                value={outcome}
                onChange={setOutcome}
                options={[
                  ['credit', texts.outcomeCredit ?? 'credit'],
                  ['refund', texts.outcomeRefund ?? 'refund'],
                ]}
              />
            )}
            <p className="text-sm text-stone-700">{texts.explain(kind)}</p>
            <div>
              <SessionLabel htmlFor={`${id}-note`}>{texts.note}</SessionLabel>
              <textarea
                id={`${id}-note`}
                rows={3}
                className={inputStyles}
                maxLength={INCIDENT_NOTE_MAX}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
            {state.status === 'failed' && <Alert tone="error">{describeError(state.error)}</Alert>}
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className={buttonStyles.secondary} onClick={onClose}>
                {texts.dismiss}
              </button>
              <button type="submit" className={buttonStyles.primary} disabled={submission.pending}>
                {texts.submit}
              </button>
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}
