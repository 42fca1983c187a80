import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { subjectEtbRateMessage, type Subject } from '@tibeb/domain/subjects/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateAnswer, translateFieldError } from '../../../lib/translate-message.ts';
import { useAdminSubjects } from '../api/get-admin-subjects.ts';
import { useUpdateSubjectPrices } from '../api/update-subject-prices.ts';
import { usdRateMessage as usdMessage } from '../utils/messages.ts';

/** A price per hour: its label, the number, and its error (or, without one, its hint) below it. */
function PriceField({
  id,
  label,
  value,
  onChange,
  placeholder,
  error,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  error?: string;
  hint?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min="0"
        step="0.01"
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={inputStyles}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** One subject's prices: dollars per hour, and birr per hour (empty: families cannot pay in birr for it). */
function SubjectPriceRow({ subject }: { subject: Subject }) {
  const { t } = useTranslation('chapa');
  const id = useId();
  const update = useUpdateSubjectPrices();
  const [usd, setUsd] = useState(String(subject.price_per_hour));
  const [etb, setEtb] = useState(
    subject.price_per_hour_etb == null ? '' : String(subject.price_per_hour_etb),
  );
  // The fields' messages are keys of 'chapa'; the form's is the answer, already translated.
  const [errors, setErrors] = useState<{ usd?: string; etb?: string; form?: string }>({});
  const [saved, setSaved] = useState(false);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const usdValue = Number(usd);
    const etbValue = etb.trim() === '' ? null : Number(etb);
    const next: typeof errors = {};
    if (usd.trim() === '' || !Number.isFinite(usdValue) || usdValue < 0) next.usd = usdMessage;
    if (etbValue !== null && (!Number.isFinite(etbValue) || etbValue <= 0)) next.etb = subjectEtbRateMessage;
    setErrors(next);
    if (next.usd || next.etb) return;
    update.mutate(
      { id: subject.id, prices: { price_per_hour: usdValue, price_per_hour_etb: etbValue } },
      {
        onSuccess: () => setSaved(true),
        onError: (err) => {
          const fields = err instanceof ApiError ? err.fieldErrors : {};
          setErrors({
            // In the interface's language by their codes (shown through t(), which leaves them as they are).
            usd: translateFieldError(t, err, 'price_per_hour'),
            etb: translateFieldError(t, err, 'price_per_hour_etb'),
            form:
              fields.price_per_hour || fields.price_per_hour_etb
                ? undefined
                : (translateAnswer(t, err) ?? t('The prices could not be saved. Please try again.')),
          });
        },
      },
    );
  };

  return (
    <li className="rounded-xl border border-stone-200 bg-white p-3 sm:p-4">
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={t('Prices of {{subject}}', { subject: subject.name })}
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_9rem_9rem_auto] sm:items-start"
      >
        <div className="min-w-0">
          <p className="font-semibold break-words text-stone-900">{subject.name}</p>
          <p className="text-xs text-stone-500">
            {subject.category}
            {subject.is_active ? '' : ` · ${t('inactive')}`}
          </p>
        </div>
        <PriceField
          id={`${id}-usd`}
          label={t('USD per hour')}
          value={usd}
          onChange={setUsd}
          error={errors.usd && t(errors.usd)}
        />
        <PriceField
          id={`${id}-etb`}
          label={t('Birr per hour')}
          value={etb}
          onChange={setEtb}
          placeholder={t('Not offered')}
          error={errors.etb && t(errors.etb)}
          hint={t('Empty: dollars only.')}
        />
        <div className="sm:pt-6">
          <button type="submit" className={buttonStyles.secondary} disabled={update.isPending}>
            {update.isPending ? t('Saving...') : t('Save prices')}
          </button>
          <p role="status" className="mt-1 min-h-4 text-xs text-emerald-700">
            {saved ? t('Saved.') : ''}
          </p>
        </div>
        {errors.form && (
          <div className="sm:col-span-4">
            <Alert tone="error">{errors.form}</Alert>
          </div>
        )}
      </form>
    </li>
  );
}

/**
 * Subject prices in the admin's settings (issue 18 §3, decision 170): the dollar price per hour used when booking
 * by subject, and the birr price that every booking of the subject is charged when the family pays in birr
 * through Chapa. The server computes every amount from these.
 */
export function SubjectPrices() {
  const { t } = useTranslation('chapa');
  const subjects = useAdminSubjects();
  return (
    <section aria-labelledby="subject-prices-heading" className="mt-10 max-w-4xl space-y-3">
      <h2 id="subject-prices-heading" className="text-lg font-semibold text-brand-800">
        {t('Subject prices')}
      </h2>
      <p className="text-sm text-stone-600">
        {t(
          'Prices per hour. Families who pay in birr through Chapa are charged the birr price of the subject; leave it empty to offer dollars only. Booking with a chosen tutor in dollars uses the tutor’s own rate.',
        )}
      </p>
      {subjects.isPending && <Spinner label={t('Loading subjects...')} />}
      {subjects.isError && <Alert tone="error">{t('Could not load the subjects.')}</Alert>}
      {subjects.data && (
        <ul className="space-y-2">
          {subjects.data.map((subject) => (
            <SubjectPriceRow key={subject.id} subject={subject} />
          ))}
        </ul>
      )}
    </section>
  );
}
