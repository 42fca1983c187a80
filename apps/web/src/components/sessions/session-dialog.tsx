import type { FormEvent, ReactNode } from 'react';
import { Alert } from '../ui/alert.tsx';
import { buttonStyles } from '../ui/button-styles.ts';
import { Dialog } from '../ui/dialog.tsx';
import { ChoiceGroup } from './choice-group.tsx';
import { DonePanel } from './done-panel.tsx';
import type { Submission } from './use-submit.ts';

/** The words the cancel and move dialogs share, translated by the area that opens them. */
export type SessionDialogTexts = {
  title: string;
  scopeLegend: string;
  scopeOne: string;
  scopeSeries: string;
  /** The submit button while the change is on its way; the submit text when left out. */
  pending?: string;
  /** Closes the dialog without changing anything. */
  dismiss: string;
  /** Closes the dialog after a success shown inside it. */
  done?: string;
  /** Closes the dialog when the change is not possible here (`blocked`). */
  close?: string;
};

/** What the area gives the cancel and move dialogs besides their words: the session and its own mutation. */
export type SessionDialogProps<A> = {
  /** The session (who, what, when) and the policy's word on the change, shown first. */
  summary: ReactNode;
  /** The sessions of the series from this one on, when known: the scope is asked only when it is more than 1. */
  seriesCount?: number;
  /** The answer shown in the dialog after a success, with Done; without it the caller closes the dialog. */
  success?: (value: A) => ReactNode;
  onSubmit: (value: A) => Promise<unknown>;
  /** The refusal to show when `onSubmit` fails (the server's answer, translated). */
  describeError: (error: unknown) => ReactNode;
  onClose: () => void;
};

/** Which sessions a change is for: this one, or it and the rest of its series. */
export type SessionScope = 'one' | 'series';

/**
 * The frame of the cancel and move dialogs: the outcome once the change went through, why it is not possible
 * here (`blocked`), else the form: what is changed, which sessions, the dialog's own fields (`children`), the
 * last refusal and the two buttons.
 */
export function SessionDialog<A>({
  texts,
  submitText,
  summary,
  seriesCount,
  success,
  describeError,
  onClose,
  scope,
  onScope,
  submission: { state, pending },
  blocked,
  ready = true,
  danger = false,
  send,
  children,
}: Omit<SessionDialogProps<A>, 'onSubmit'> & {
  texts: SessionDialogTexts;
  /** The submit button for the choice made. */
  submitText: string;
  scope: SessionScope;
  onScope: (scope: SessionScope) => void;
  submission: Submission<A>;
  /** Why the change is not possible here: shown instead of the form, with Close. */
  blocked?: ReactNode;
  /** False while the choice is incomplete: the submit button waits. */
  ready?: boolean;
  /** The submit button in red (a cancellation). */
  danger?: boolean;
  /** Submits the choice made. */
  send: () => void;
  children: ReactNode;
}) {
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };
  const scopes: [SessionScope, string][] = [
    ['one', texts.scopeOne],
    ['series', texts.scopeSeries],
  ];
  return (
    <Dialog open onClose={onClose} title={texts.title}>
      {state.status === 'done' && success ? (
        <DonePanel done={texts.done} onClose={onClose}>
          {success(state.value)}
        </DonePanel>
      ) : blocked ? (
        <div className="space-y-4">
          <Alert tone="info">{blocked}</Alert>
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            {texts.close}
          </button>
        </div>
      ) : (
        <form className="space-y-4" onSubmit={onSubmit}>
          <div className="break-words text-stone-700">{summary}</div>
          {(seriesCount === undefined || seriesCount > 1) && (
            <ChoiceGroup legend={texts.scopeLegend} value={scope} onChange={onScope} options={scopes} />
          )}
          {children}
          {state.status === 'failed' && <Alert tone="error">{describeError(state.error)}</Alert>}
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              className={
                danger ? `${buttonStyles.primary} bg-red-700 hover:bg-red-800` : buttonStyles.primary
              }
              disabled={!ready || pending}
            >
              {pending && texts.pending ? texts.pending : submitText}
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
