import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkKinds,
  checkLabels,
  decisionBodySchema,
  decisions,
  type AdminApplication,
  type CheckKind,
  type DecisionInput,
} from '@tibeb/domain/tutoring/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateError } from '../../../lib/translate-message.ts';
import { useDecideApplication } from '../api/decide-application.ts';

type Decision = (typeof decisions)[number];

const decisionLabels: Record<Decision, string> = {
  approve: 'Approve',
  request_changes: 'Request changes',
  reject: 'Reject',
};
const decisionQuestion: Record<Decision, string> = {
  approve: 'Approve this application? The tutor profile becomes public at once.',
  request_changes: 'Ask the applicant for changes? They are e-mailed your reason.',
  reject: 'Reject this application? The applicant is e-mailed your reason and can no longer change it.',
};

/**
 * The decision (decision 235): approve, request changes or reject, the reason the applicant reads, and the checks
 * done now with optional notes; checked with the shared contract, then confirmed in a dialog (Escape closes it).
 */
export function DecisionForm({ app }: { app: AdminApplication }) {
  const { t } = useTranslation('applications');
  const decide = useDecideApplication(app.id);
  const done = new Set(app.checks.map((c) => c.kind));
  const [decision, setDecision] = useState<Decision>('approve');
  const [reason, setReason] = useState('');
  const [checks, setChecks] = useState<Partial<Record<CheckKind, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<DecisionInput | null>(null);

  const body = (): DecisionInput => ({
    decision,
    reason,
    checks: checkKinds
      .filter((k) => checks[k] !== undefined)
      .map((kind) => ({ kind, note: checks[kind] ?? '' })),
  });

  const send = (input: DecisionInput) =>
    decide.mutate(input, {
      onSuccess: () => {
        setConfirming(null);
        setReason('');
        setChecks({});
      },
      onError: (err) => {
        setConfirming(null);
        setError(err instanceof ApiError ? translateError(t, err) : t('The decision could not be saved.'));
      },
    });

  return (
    <section
      aria-labelledby="adm-decision"
      className="min-w-0 space-y-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <h2 id="adm-decision" className="text-lg font-semibold">
        {t('Decision')}
      </h2>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          const input = body();
          const parsed = decisionBodySchema.safeParse(input);
          if (!parsed.success) {
            setError(t(parsed.error.issues[0]?.message ?? ''));
            return;
          }
          setConfirming(input);
        }}
      >
        <fieldset>
          <legend className="mb-1 text-sm font-medium">{t('What do you decide?')}</legend>
          <div className="flex flex-wrap gap-4">
            {decisions.map((d) => (
              <label key={d} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="decision"
                  value={d}
                  checked={decision === d}
                  onChange={() => setDecision(d)}
                />
                {t(decisionLabels[d])}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="decision-reason" className="mb-1 block text-sm font-medium">
            {decision === 'approve' ? t('Note to the applicant (optional)') : t('Reason the applicant reads')}
          </label>
          <textarea
            id="decision-reason"
            rows={4}
            className={inputStyles}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <fieldset className="space-y-3">
          <legend className="mb-1 text-sm font-medium">{t('Checks done now')}</legend>
          {checkKinds.map((kind) => (
            <div key={kind} className="min-w-0">
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={checks[kind] !== undefined}
                  onChange={(e) =>
                    setChecks((c) => {
                      const next = { ...c };
                      if (e.target.checked) next[kind] = '';
                      else delete next[kind];
                      return next;
                    })
                  }
                />
                {t(checkLabels[kind])}
                {done.has(kind) && <span className="text-sm text-stone-600">({t('already recorded')})</span>}
              </label>
              {checks[kind] !== undefined && (
                <div className="ml-6 mt-1">
                  <label htmlFor={`check-note-${kind}`} className="block text-sm text-stone-700">
                    {t('Note on “{{check}}” (optional)', { check: t(checkLabels[kind]) })}
                  </label>
                  <input
                    id={`check-note-${kind}`}
                    className={inputStyles}
                    value={checks[kind]}
                    onChange={(e) => setChecks((c) => ({ ...c, [kind]: e.target.value }))}
                  />
                </div>
              )}
            </div>
          ))}
        </fieldset>
        {error && <Alert tone="error">{error}</Alert>}
        {decide.isSuccess && !error && (
          <Alert tone="success">{t('Decision saved. The applicant has been e-mailed.')}</Alert>
        )}
        <button type="submit" className={buttonStyles.primary} disabled={decide.isPending}>
          {t('Continue')}
        </button>
      </form>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? t(decisionLabels[confirming.decision]) : ''}
      >
        {confirming && (
          <div className="space-y-4">
            <p>{t(decisionQuestion[confirming.decision])}</p>
            {confirming.checks && confirming.checks.length > 0 && (
              <p className="text-sm text-stone-700">
                {t('Checks recorded')}: {confirming.checks.map((c) => t(checkLabels[c.kind])).join(', ')}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={buttonStyles.primary}
                disabled={decide.isPending}
                onClick={() => send(confirming)}
              >
                {decide.isPending
                  ? t('Saving…')
                  : t('Confirm: {{decision}}', { decision: t(decisionLabels[confirming.decision]) })}
              </button>
              <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(null)}>
                {t('Cancel')}
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </section>
  );
}
