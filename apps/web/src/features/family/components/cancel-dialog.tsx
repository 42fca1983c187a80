import { useState } from 'react';
import type { FamilySession } from '@tibeb/domain/family/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCancelSession } from '../api/cancel-session.ts';
import { money, sessionTimes } from './time.ts';

type Scope = 'one' | 'series';
type Outcome = 'credit' | 'refund';

/**
 * What cancelling gives back, said before confirming (issue 15 item 2): in time, the value as credit (at once)
 * or as a refund to the card (5–10 business days); inside the notice, the session's value is kept.
 */
export function cancelTerms(session: FamilySession, scope: Scope, outcome: Outcome) {
  const t = session.terms;
  const count = scope === 'one' ? 1 : t.series_count;
  const total = scope === 'one' ? t.value_cents : t.series_value_cents;
  // Only the chosen session can be inside the notice: later ones start later still.
  const back = t.in_time ? total : total - t.value_cents;
  const kept = total - back;
  const lines: string[] = [];
  if (t.in_time) lines.push(`Free: you are cancelling at least ${t.notice_hours} hours before the start.`);
  else
    lines.push(
      `Not free: this session starts in less than ${t.notice_hours} hours, so its ${money(t.value_cents)} is kept.`,
    );
  if (back > 0)
    lines.push(
      outcome === 'credit'
        ? `${money(back)} comes back as credit now, spent first on your next booking or renewal.`
        : `${money(back)} goes back to your card; refunds usually arrive within 5–10 business days.`,
    );
  return { count, back, kept, lines };
}

export function CancelDialog({
  session,
  familyZone,
  onClose,
}: {
  session: FamilySession;
  familyZone: string;
  onClose: () => void;
}) {
  const [scope, setScope] = useState<Scope>('one');
  const [outcome, setOutcome] = useState<Outcome>('credit');
  const cancel = useCancelSession();
  const terms = cancelTerms(session, scope, outcome);
  const when = sessionTimes(session.starts_at, familyZone, session.time_zone);
  const error =
    cancel.error instanceof ApiError ? cancel.error.message : cancel.error ? 'Please try again.' : null;

  return (
    <Dialog open onClose={onClose} title="Cancel a session">
      {cancel.isSuccess ? (
        <div className="space-y-4">
          <Alert tone="success">
            {terms.count === 1 ? 'The session is cancelled.' : `${terms.count} sessions are cancelled.`}{' '}
            {terms.back > 0 &&
              (outcome === 'credit'
                ? `${money(terms.back)} is now your credit.`
                : `${money(terms.back)} is on its way back to your card.`)}
          </Alert>
          <button type="button" className={buttonStyles.primary} onClick={onClose}>
            Done
          </button>
        </div>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            cancel.mutate({ id: session.id, scope, outcome });
          }}
        >
          <p className="text-stone-700">
            {session.subject} with {session.tutor_name} for {session.student_name}:{' '}
            <span className="font-medium">{when.eat}</span>
            {when.local && <span className="block text-sm text-stone-600">{when.local}</span>}
          </p>
          {session.terms.series_count > 1 && (
            <fieldset>
              <legend className="mb-1 font-medium text-stone-900">What to cancel</legend>
              <label className="flex items-center gap-2">
                <input type="radio" name="scope" checked={scope === 'one'} onChange={() => setScope('one')} />
                This session only
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="scope"
                  checked={scope === 'series'}
                  onChange={() => setScope('series')}
                />
                This and the rest of the series ({session.terms.series_count} sessions)
              </label>
            </fieldset>
          )}
          {(session.terms.in_time || scope === 'series') && (
            <fieldset>
              <legend className="mb-1 font-medium text-stone-900">How to get the value back</legend>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="outcome"
                  checked={outcome === 'credit'}
                  onChange={() => setOutcome('credit')}
                />
                As credit for a later booking (at once)
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="outcome"
                  checked={outcome === 'refund'}
                  onChange={() => setOutcome('refund')}
                />
                As a refund to my card
              </label>
            </fieldset>
          )}
          <div
            data-testid="cancel-terms"
            className={`rounded-lg border px-4 py-3 text-sm ${
              session.terms.in_time
                ? 'border-emerald-300 bg-emerald-50 text-emerald-900'
                : 'border-amber-300 bg-amber-50 text-amber-900'
            }`}
          >
            {terms.lines.map((l) => (
              <p key={l}>{l}</p>
            ))}
          </div>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={buttonStyles.primary} disabled={cancel.isPending}>
              {terms.count === 1 ? 'Cancel this session' : `Cancel ${terms.count} sessions`}
            </button>
            <button type="button" className={buttonStyles.secondary} onClick={onClose}>
              Keep it
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
