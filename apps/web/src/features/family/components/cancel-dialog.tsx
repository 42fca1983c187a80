import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FamilySession } from '@tibeb/domain/family/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/dates.ts';
import { englishText, type Translate } from '../../../lib/translate-message.ts';
import { translateFamilyMessage } from '../utils/translate.ts';
import { useCancelSession } from '../api/cancel-session.ts';
import { money, sessionTimes } from './time.ts';

type Scope = 'one' | 'series';
type Outcome = 'credit' | 'refund';

/**
 * What cancelling gives back, said before confirming (issue 15 item 2): in time, the value as credit (at once)
 * or as a refund to the card (5–10 business days); inside the notice, the session's value is kept. In the
 * booking's currency: a birr booking's credit is birr credit, and its refund goes back through Chapa.
 */
export function cancelTerms(
  session: FamilySession,
  scope: Scope,
  outcome: Outcome,
  t: Translate = englishText,
) {
  const terms = session.terms;
  const amount = (cents: number) => money(cents, session.currency);
  const birr = session.currency === 'ETB';
  const count = scope === 'one' ? 1 : terms.series_count;
  const total = scope === 'one' ? terms.value_cents : terms.series_value_cents;
  // Only the chosen session can be inside the notice: later ones start later still.
  const back = terms.in_time ? total : total - terms.value_cents;
  const kept = total - back;
  const lines: string[] = [];
  if (terms.in_time)
    lines.push(
      t('Free: you are cancelling at least {{hours}} hours before the start.', { hours: terms.notice_hours }),
    );
  else
    lines.push(
      t('Not free: this session starts in less than {{hours}} hours, so its {{amount}} is kept.', {
        hours: terms.notice_hours,
        amount: amount(terms.value_cents),
      }),
    );
  if (back > 0)
    lines.push(
      outcome === 'credit'
        ? t('{{amount}} comes back as credit now, spent first on your next booking or renewal.', {
            amount: amount(back),
          })
        : birr
          ? t('{{amount}} goes back through Chapa to the account or card you paid with.', {
              amount: amount(back),
            })
          : t('{{amount}} goes back to your card; refunds usually arrive within 5–10 business days.', {
              amount: amount(back),
            }),
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
  const { t } = useTranslation('family');
  const dates = useDates();
  const [scope, setScope] = useState<Scope>('one');
  const [outcome, setOutcome] = useState<Outcome>('credit');
  const cancel = useCancelSession();
  const terms = cancelTerms(session, scope, outcome, t);
  const amount = (cents: number) => money(cents, session.currency);
  const birr = session.currency === 'ETB';
  const when = sessionTimes(session.starts_at, familyZone, session.time_zone, t, dates);
  const error =
    cancel.error instanceof ApiError
      ? translateFamilyMessage(t, cancel.error.message)
      : cancel.error
        ? t('Please try again.')
        : null;

  return (
    <Dialog open onClose={onClose} title={t('Cancel a session')}>
      {cancel.isSuccess ? (
        <div className="space-y-4">
          <Alert tone="success">
            {terms.count === 1
              ? t('The session is cancelled.')
              : t('{{count}} sessions are cancelled.', { count: terms.count })}{' '}
            {terms.back > 0 &&
              (outcome === 'credit'
                ? t('{{amount}} is now your credit.', { amount: amount(terms.back) })
                : birr
                  ? t('{{amount}} is on its way back through Chapa.', { amount: amount(terms.back) })
                  : t('{{amount}} is on its way back to your card.', { amount: amount(terms.back) }))}
          </Alert>
          <button type="button" className={buttonStyles.primary} onClick={onClose}>
            {t('Done')}
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
            {t('{{subject}} with {{tutor}} for {{student}}:', {
              subject: session.subject,
              tutor: session.tutor_name,
              student: session.student_name,
            })}{' '}
            <span className="font-medium">{when.eat}</span>
            {when.local && <span className="block text-sm text-stone-600">{when.local}</span>}
          </p>
          {session.terms.series_count > 1 && (
            <fieldset>
              <legend className="mb-1 font-medium text-stone-900">{t('What to cancel')}</legend>
              <label className="flex items-center gap-2">
                <input type="radio" name="scope" checked={scope === 'one'} onChange={() => setScope('one')} />
                {t('This session only')}
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="scope"
                  checked={scope === 'series'}
                  onChange={() => setScope('series')}
                />
                {t('This and the rest of the series ({{count}} sessions)', {
                  count: session.terms.series_count,
                })}
              </label>
            </fieldset>
          )}
          {(session.terms.in_time || scope === 'series') && (
            <fieldset>
              <legend className="mb-1 font-medium text-stone-900">{t('How to get the value back')}</legend>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="outcome"
                  checked={outcome === 'credit'}
                  onChange={() => setOutcome('credit')}
                />
                {t('As credit for a later booking (at once)')}
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="outcome"
                  checked={outcome === 'refund'}
                  onChange={() => setOutcome('refund')}
                />
                {birr ? t('As a refund through Chapa') : t('As a refund to my card')}
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
              {terms.count === 1
                ? t('Cancel this session')
                : t('Cancel {{count}} sessions', { count: terms.count })}
            </button>
            <button type="button" className={buttonStyles.secondary} onClick={onClose}>
              {t('Keep it')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
