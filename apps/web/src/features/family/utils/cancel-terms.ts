import type { FamilySession } from '@tibeb/domain/family/contracts';
import { formatAmount } from '@tibeb/domain/payments/currency';
import { englishText, type Translate } from '../../../lib/translate-message.ts';

// i18n-namespace: family (the `t` it takes is the family area's)

export type CancelScope = 'one' | 'series';
export type CancelOutcome = 'credit' | 'refund';

/**
 * What cancelling gives back, said before confirming (issue 15 item 2): in time, the value as credit (at once)
 * or as a refund to the card (5–10 business days); inside the notice, the session's value is kept. In the
 * booking's currency: a birr booking's credit is birr credit, and its refund goes back through Chapa.
 */
export function cancelTerms(
  session: FamilySession,
  scope: CancelScope,
  outcome: CancelOutcome,
  t: Translate = englishText,
) {
  const terms = session.terms;
  const amount = (cents: number) => formatAmount(cents, session.currency);
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
