import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayoutMethodResponse } from '@tibeb/domain/ledger/payouts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/dates.ts';
import { usePayoutMethod, useSavePayoutMethod } from '../api/payout-method.ts';
import { translateFieldError } from '../../../lib/translate-message.ts';

type Kind = 'bank' | 'telebirr' | 'cbebirr';
export const kindLabels: Record<Kind, string> = {
  bank: 'Bank account',
  telebirr: 'telebirr',
  cbebirr: 'CBE Birr',
};

function Current({ method }: { method: PayoutMethodResponse['method'] }) {
  const { t } = useTranslation('earnings');
  const dates = useDates();
  if (!method)
    return (
      <Alert tone="info">
        {t('You have not set a payout method yet. Add one to be paid your available earnings.')}
      </Alert>
    );
  return (
    <section
      aria-labelledby="payout-current"
      className="rounded-xl border border-stone-200 bg-white p-4"
      data-testid="payout-current"
    >
      <h2 id="payout-current" className="mb-2 font-semibold">
        {t('Where you are paid')}
      </h2>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
        <dt className="text-sm text-stone-600">{t('Kind')}</dt>
        <dd>{t(kindLabels[method.kind])}</dd>
        {method.kind === 'bank' && (
          <>
            <dt className="text-sm text-stone-600">{t('Bank')}</dt>
            <dd className="break-words">{method.bank_name}</dd>
          </>
        )}
        <dt className="text-sm text-stone-600">{t('Account name')}</dt>
        <dd className="break-words">{method.account_name}</dd>
        <dt className="text-sm text-stone-600">{t('Account number')}</dt>
        <dd>{method.account_number_masked}</dd>
        <dt className="text-sm text-stone-600">{t('Changed')}</dt>
        <dd>{dates.format(method.updated_at, 'dateMedium')}</dd>
      </dl>
    </section>
  );
}

function MethodForm({ data }: { data: PayoutMethodResponse }) {
  const { t } = useTranslation('earnings');
  const save = useSavePayoutMethod();
  const [kind, setKind] = useState<Kind>(data.method?.kind ?? 'bank');
  const [bankCode, setBankCode] = useState(data.method?.kind === 'bank' ? data.method.bank_code : '');
  const [accountName, setAccountName] = useState(data.method?.account_name ?? '');
  const [accountNumber, setAccountNumber] = useState('');
  const [password, setPassword] = useState('');
  const [saved, setSaved] = useState(false);
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const errorOf = (key: string) => translateFieldError(t, save.error, key);
  const banks = data.banks.filter((b) => b.kind === 'bank');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const wallet = data.banks.find((b) => b.kind === kind);
    save.mutate(
      {
        kind,
        bank_code: kind === 'bank' ? bankCode : (wallet?.code ?? ''),
        account_name: accountName,
        account_number: accountNumber,
        current_password: password,
      },
      {
        onSuccess: () => {
          setSaved(true);
          setPassword('');
          setAccountNumber('');
        },
      },
    );
  };

  const describedBy = (id: string, key: string, hint?: boolean) =>
    [hint ? `${id}-hint` : '', errorOf(key) ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <form onSubmit={onSubmit} className="max-w-xl space-y-4" noValidate aria-labelledby="payout-form-title">
      <h2 id="payout-form-title" className="text-lg font-semibold">
        {data.method ? t('Change payout method') : t('Set payout method')}
      </h2>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">{t('Paid to')}</legend>
        {(Object.keys(kindLabels) as Kind[]).map((k) => (
          <label key={k} className="flex items-center gap-2">
            <input
              type="radio"
              name="payout-kind"
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
            />
            {t(kindLabels[k])}
          </label>
        ))}
        {errorOf('kind') && <p className="text-sm text-red-700">{errorOf('kind')}</p>}
      </fieldset>
      {kind === 'bank' && (
        <Field id="payout-bank" label={t('Bank')} error={errorOf('bank_code')}>
          <select
            id="payout-bank"
            className={inputStyles}
            value={bankCode}
            onChange={(e) => setBankCode(e.target.value)}
            aria-invalid={errorOf('bank_code') ? true : undefined}
            aria-describedby={describedBy('payout-bank', 'bank_code')}
          >
            <option value="">{t('Choose your bank')}</option>
            {banks.map((b) => (
              <option key={b.code} value={b.code}>
                {b.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field id="payout-account-name" label={t('Account name')} error={errorOf('account_name')}>
        <input
          id="payout-account-name"
          className={inputStyles}
          maxLength={100}
          autoComplete="name"
          value={accountName}
          onChange={(e) => setAccountName(e.target.value)}
          aria-invalid={errorOf('account_name') ? true : undefined}
          aria-describedby={describedBy('payout-account-name', 'account_name')}
        />
      </Field>
      <Field
        id="payout-account-number"
        label={kind === 'bank' ? t('Account number') : t('Wallet phone number')}
        error={errorOf('account_number')}
      >
        <input
          id="payout-account-number"
          className={inputStyles}
          inputMode="numeric"
          maxLength={40}
          autoComplete="off"
          value={accountNumber}
          onChange={(e) => setAccountNumber(e.target.value)}
          aria-invalid={errorOf('account_number') ? true : undefined}
          aria-describedby={describedBy('payout-account-number', 'account_number', true)}
        />
        <p id="payout-account-number-hint" className="mt-1 text-sm text-stone-600">
          {kind === 'bank' ? t('6 to 20 digits.') : t('Like 0912345678.')}
        </p>
      </Field>
      <Field id="payout-password" label={t('Current password')} error={errorOf('current_password')}>
        <input
          id="payout-password"
          type="password"
          className={inputStyles}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={errorOf('current_password') ? true : undefined}
          aria-describedby={describedBy('payout-password', 'current_password', true)}
        />
        <p id="payout-password-hint" className="mt-1 text-sm text-stone-600">
          {t('We ask for it so nobody else can redirect your money.')}
        </p>
      </Field>
      <div aria-live="polite">
        {saved && (
          <Alert tone="success">{t('Payout method saved. We sent you an e-mail about the change.')}</Alert>
        )}
        {save.isError && Object.keys(errors).length === 0 && (
          <Alert tone="error">{t('The payout method could not be saved. Please try again.')}</Alert>
        )}
        {Object.keys(errors).length > 0 && (
          <Alert tone="error">{t('Please correct the marked fields.')}</Alert>
        )}
      </div>
      <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
        {save.isPending ? t('Saving…') : t('Save payout method')}
      </button>
    </form>
  );
}

/** Tutor → Payout method (issue 27 item 4, decision 236): the current method masked, and the form to change it. */
export function PayoutMethodScreen() {
  const { t } = useTranslation('earnings');
  const query = usePayoutMethod();
  if (query.isPending) return <Spinner label={t('Loading your payout method…')} />;
  if (query.isError)
    return <Alert tone="error">{t('We could not load your payout method. Please try again.')}</Alert>;
  return (
    <div className="space-y-8">
      <Current method={query.data.method} />
      <MethodForm data={query.data} />
    </div>
  );
}
