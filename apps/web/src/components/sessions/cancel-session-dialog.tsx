import { useId, useState, type ReactNode } from 'react';
import { Alert } from '../ui/alert.tsx';
import { buttonStyles, inputStyles } from '../ui/button-styles.ts';
import { Dialog } from '../ui/dialog.tsx';
import { ChoiceGroup } from './choice-group.tsx';
import { DonePanel } from './done-panel.tsx';
import { useSubmit } from './use-submit.ts';

export type SessionScope = 'one' | 'series';
export type CancelOutcome = 'credit' | 'refund';
export type CancelChoice = { scope: SessionScope; outcome: CancelOutcome; reason?: string };

/** The dialog's words, translated by the area that opens it (each area keeps its own wording, issue 15 and 13). */
export type CancelSessionTexts = {
  title: string;
  scopeLegend: string;
  scopeOne: string;
  scopeSeries: string;
  outcomeLegend: string;
  outcomeCredit: string;
  outcomeRefund: string;
  /** The label of an optional reason field (the administrator's); no field when left out. */
  reasonLabel?: string;
  submit: (choice: CancelChoice) => string;
  /** The submit button while the cancellation is on its way; the submit text when left out. */
  pending?: string;
  /** Closes the dialog without cancelling. */
  dismiss: string;
  /** Closes the dialog after a success shown inside it. */
  done?: string;
};

const REASON_MAX = 200;

/**
 * Cancels a session, or it and the rest of its series, for credit or a refund: the one cancel dialog of the
 * family, tutor and admin screens. It knows no endpoint: the area passes its words, what is being cancelled
 * (`summary`), what the policy gives back (`terms`) and `onSubmit`, its own mutation.
 */
export function CancelSessionDialog({
  texts,
  summary,
  seriesCount,
  asksOutcome = () => true,
  terms,
  success,
  onSubmit,
  describeError,
  onClose,
}: {
  texts: CancelSessionTexts;
  /** The session (who, what, when) and any word on the policy, shown first. */
  summary: ReactNode;
  /** The sessions of the series from this one on, when known: the scope is asked only when it is more than 1. */
  seriesCount?: number;
  /** Whether credit or refund is asked for this scope (not when nothing comes back); always when left out. */
  asksOutcome?: (scope: SessionScope) => boolean;
  /** What this choice gives back, said before confirming; `free` when it is inside the policy's notice. */
  terms?: (choice: CancelChoice) => { free: boolean; lines: string[] };
  /** The answer shown in the dialog after a success, with Done; without it the caller closes the dialog. */
  success?: (choice: CancelChoice) => ReactNode;
  onSubmit: (choice: CancelChoice) => Promise<unknown>;
  /** The refusal to show when `onSubmit` fails (the server's message, translated). */
  describeError: (error: unknown) => ReactNode;
  onClose: () => void;
}) {
  const id = useId();
  const [scope, setScope] = useState<SessionScope>('one');
  const [outcome, setOutcome] = useState<CancelOutcome>('credit');
  const [reason, setReason] = useState('');
  const { state, run, pending } = useSubmit(onSubmit);
  const choice: CancelChoice = { scope, outcome, ...(reason.trim() ? { reason: reason.trim() } : {}) };
  const said = terms?.(choice);

  return (
    <Dialog open onClose={onClose} title={texts.title}>
      {state.status === 'done' && success ? (
        <DonePanel done={texts.done} onClose={onClose}>
          {success(state.value)}
        </DonePanel>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            run(choice);
          }}
        >
          <div className="break-words text-stone-700">{summary}</div>
          {(seriesCount === undefined || seriesCount > 1) && (
            <ChoiceGroup
              legend={texts.scopeLegend}
              value={scope}
              onChange={setScope}
              options={[
                ['one', texts.scopeOne],
                ['series', texts.scopeSeries],
              ]}
            />
          )}
          {asksOutcome(scope) && (
            <ChoiceGroup
              legend={texts.outcomeLegend}
              value={outcome}
              onChange={setOutcome}
              options={[
                ['credit', texts.outcomeCredit],
                ['refund', texts.outcomeRefund],
              ]}
            />
          )}
          {texts.reasonLabel && (
            <div>
              <label htmlFor={`${id}-reason`} className="mb-1 block font-medium text-stone-900">
                {texts.reasonLabel}
              </label>
              <input
                id={`${id}-reason`}
                className={inputStyles}
                maxLength={REASON_MAX}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
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
          {state.status === 'failed' && <Alert tone="error">{describeError(state.error)}</Alert>}
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              className={`${buttonStyles.primary} bg-red-700 hover:bg-red-800`}
              disabled={pending}
            >
              {pending && texts.pending ? texts.pending : texts.submit(choice)}
            </button>
            <button type="button" className={buttonStyles.secondary} onClick={onClose}>
              {texts.dismiss}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
