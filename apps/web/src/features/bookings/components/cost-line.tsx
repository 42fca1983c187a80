import { bookingMessages } from '@tibeb/domain/bookings/messages';
import { formatAmount } from '@tibeb/domain/payments/currency';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../../../lib/translate-message.ts';

/** 'hr × duration × 4 weeks' for one weekly day; the days count is named when more (DESIGN §1.3). */
export function costHint(daysCount: number, t: Translate): string {
  return daysCount > 1
    ? t('hr × duration × {{days}} days × 4 weeks', { days: daysCount })
    : t(bookingMessages.costHint);
}

/** The mini cost line at the bottom of the wizard (spec §2). */
export function CostLine({
  costCents,
  daysCount,
  currency = 'USD',
}: {
  costCents: number | null;
  daysCount: number;
  /** The currency of the amount: the server's plan may be in birr (issue 18 §3). */
  currency?: string;
}) {
  const { t } = useTranslation('booking');
  return (
    <div
      aria-label={t(bookingMessages.estimatedMonthlyCost)}
      role="group"
      className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-xl bg-brand-50 px-4 py-3"
    >
      <span className="font-semibold text-brand-800">{t(bookingMessages.estimatedMonthlyCost)}</span>
      {costCents === null ? (
        <span className="text-sm text-stone-700">{t(bookingMessages.calculatedAtCheckout)}</span>
      ) : (
        <span className="text-right">
          <span className="text-lg font-bold text-brand-800" data-testid="mini-cost">
            {formatAmount(costCents, currency)}
          </span>
          <span className="ml-2 text-xs text-stone-600">{costHint(daysCount, t)}</span>
        </span>
      )}
    </div>
  );
}
