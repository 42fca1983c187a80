import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Field } from '../../../components/ui/field.tsx';
import { useCommission, useSaveCommission } from '../api/commission.ts';
import { translateFieldError } from '../../../lib/translate-message.ts';

function Form({ id, initial }: { id: number | string; initial: number | null }) {
  const { t } = useTranslation('admin');
  const save = useSaveCommission();
  const [value, setValue] = useState(initial === null ? '' : String(initial));
  const [saved, setSaved] = useState(false);
  const error = translateFieldError(t, save.error, 'commission_percent');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const percent = value.trim() === '' ? null : Number(value);
    save.mutate({ id, percent }, { onSuccess: () => setSaved(true) });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-3">
      <Field id="tutor-commission" label={t('Commission (%)')} error={error}>
        <input
          id="tutor-commission"
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.01}
          className={`${inputStyles} max-w-40`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`tutor-commission-help${error ? ' tutor-commission-error' : ''}`}
        />
        <p id="tutor-commission-help" className="mt-1 text-sm text-stone-600">
          {t('Leave it empty to use the default commission from the settings.')}
        </p>
      </Field>
      <div aria-live="polite">
        {saved && <Alert tone="success">{t('Commission saved.')}</Alert>}
        {save.isError && !error && <Alert tone="error">{t('The commission could not be saved.')}</Alert>}
      </div>
      <button type="submit" className={buttonStyles.secondary} disabled={save.isPending}>
        {t('Save commission')}
      </button>
    </form>
  );
}

/** The tutor's own commission (issue 27, decision 237): a percent, or empty for the platform's default. */
export function CommissionForm({ tutorId }: { tutorId: number | string }) {
  const { t } = useTranslation('admin');
  const query = useCommission(tutorId);
  if (query.isPending) return null;
  if (query.isError) return <Alert tone="error">{t('The commission could not be loaded.')}</Alert>;
  return <Form id={tutorId} initial={query.data} />;
}
