import { formatAmount, type CurrencyOption, type PaymentCurrency } from '@tibeb/domain/payments/currency';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The family chooses the currency on the confirmation step (issue 18 §3, decision 170): dollars by card or birr
 * through Chapa, each with the amount the server will charge for this plan (the preview's `currency_options`).
 * With one currency on offer (Chapa off, or no birr price for the subject) nothing is shown.
 */
export function CurrencyChoice({
  options,
  value,
  onChange,
}: {
  options: readonly CurrencyOption[];
  value: PaymentCurrency;
  onChange: (currency: PaymentCurrency) => void;
}) {
  const { t } = useTranslation('chapa');
  const id = useId();
  if (options.length < 2) return null;
  const labels: Record<PaymentCurrency, { name: string; means: string }> = {
    USD: { name: t('US dollars, by card'), means: t('Visa, Mastercard and other cards') },
    ETB: {
      name: t('Ethiopian birr, with Chapa'),
      means: t('telebirr, CBE Birr, M-Pesa and Ethiopian bank cards'),
    },
  };
  return (
    <fieldset className="mb-4 rounded-xl border border-brand-200 bg-white p-3 sm:p-4">
      <legend className="px-1 font-semibold text-brand-800">{t('Pay in')}</legend>
      <p className="mb-3 text-sm text-stone-600">
        {t('Choose how you pay. The amount shown is the amount charged.')}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <div
            key={option.currency}
            className="flex min-w-0 items-start gap-3 rounded-lg border border-stone-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
          >
            <input
              id={`${id}-${option.currency}`}
              type="radio"
              name="payment_currency"
              value={option.currency}
              checked={value === option.currency}
              onChange={() => onChange(option.currency)}
              aria-describedby={`${id}-${option.currency}-means`}
              className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
            />
            <div className="min-w-0 flex-1">
              <label
                htmlFor={`${id}-${option.currency}`}
                className="block cursor-pointer font-medium text-stone-900"
              >
                {labels[option.currency].name}:{' '}
                <span
                  className="font-semibold text-brand-800"
                  data-testid={`currency-amount-${option.currency}`}
                >
                  {formatAmount(option.amount_cents, option.currency)}
                </span>
              </label>
              <p id={`${id}-${option.currency}-means`} className="text-sm break-words text-stone-600">
                {labels[option.currency].means}
              </p>
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
