import { useId, useState } from 'react';
import { ChoiceGroup } from './choice-group.tsx';
import { ReasonField } from './session-label.tsx';
import {
  SessionDialog,
  type SessionDialogProps,
  type SessionDialogTexts,
  type SessionScope,
} from './session-dialog.tsx';
import { useSubmit } from './use-submit.ts';

export type CancelOutcome = 'credit' | 'refund';
export type CancelChoice = { scope: SessionScope; outcome: CancelOutcome; reason?: string };

/** The dialog's words, translated by the area that opens it (each area keeps its own wording, issue 15 and 13). */
export type CancelSessionTexts = SessionDialogTexts & {
  outcomeLegend: string;
  outcomeCredit: string;
  outcomeRefund: string;
  /** The label of an optional reason field (the administrator's); no field when left out. */
  reasonLabel?: string;
  submit: (choice: CancelChoice) => string;
};

/**
 * Cancels a session, or it and the rest of its series, for credit or a refund: the one cancel dialog of the
 * family, tutor and admin screens. It knows no endpoint: the area passes its words, what is being cancelled
 * (`summary`), what the policy gives back (`terms`) and `onSubmit`, its own mutation.
 */
export function CancelSessionDialog(
  props: SessionDialogProps<CancelChoice> & {
    texts: CancelSessionTexts;
    /** Whether credit or refund is asked for this scope (not when nothing comes back); always when left out. */
    asksOutcome?: (scope: SessionScope) => boolean;
    /** What this choice gives back, said before confirming; `free` when it is inside the policy's notice. */
    terms?: (choice: CancelChoice) => { free: boolean; lines: string[] };
  },
) {
  const { texts, asksOutcome = () => true, terms } = props;
  const id = useId();
  const [scope, setScope] = useState<SessionScope>('one');
  const [outcome, setOutcome] = useState<CancelOutcome>('credit');
  const [reason, setReason] = useState('');
  const submission = useSubmit(props.onSubmit);
  const choice: CancelChoice = { scope, outcome, ...(reason.trim() ? { reason: reason.trim() } : {}) };
  const said = terms?.(choice);
  const outcomes: [CancelOutcome, string][] = [
    ['credit', texts.outcomeCredit],
    ['refund', texts.outcomeRefund],
  ];

  return (
    <SessionDialog
      {...props}
      submitText={texts.submit(choice)}
      scope={scope}
      onScope={setScope}
      submission={submission}
      danger
      send={() => submission.run(choice)}
    >
      {asksOutcome(scope) && (
        <ChoiceGroup legend={texts.outcomeLegend} value={outcome} onChange={setOutcome} options={outcomes} />
      )}
      {texts.reasonLabel && (
        <ReasonField id={`${id}-reason`} label={texts.reasonLabel} value={reason} onChange={setReason} />
      )}
      {said && (
        <div
          data-testid="cancel-terms"
          className={`rounded-lg border px-4 py-3 text-sm ${
            said.free
              ? 'border-emerald-300 bg-emerald-50 text-emerald-900'
              : 'border-amber-300 bg-amber-50 text-amber-900'
          }`}
        >
          {said.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
    </SessionDialog>
  );
}
