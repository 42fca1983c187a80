import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminProfile } from '@tibeb/domain/admin/profile';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useProfile, useUpdateProfile } from '../api/profile.ts';

function Field(props: {
  id: string;
  label: string;
  type?: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  autoComplete?: string;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="mb-1 block text-sm font-medium">
        {props.label}
      </label>
      <input
        id={props.id}
        type={props.type ?? 'text'}
        className={inputStyles}
        value={props.value}
        autoComplete={props.autoComplete}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
      />
      {props.error && (
        <p id={`${props.id}-error`} className="mt-1 text-sm text-red-700">
          {props.error}
        </p>
      )}
    </div>
  );
}

/*
 * Each form's t() reads 'admin', then 'auth': the server's answers are the account messages of the sign-in pages
 * (locales/am/auth.json), shown through t(message).
 */
function DetailsForm({ profile }: { profile: AdminProfile }) {
  const { t } = useTranslation(['admin', 'auth'], { nsMode: 'fallback' });
  const update = useUpdateProfile();
  const [first, setFirst] = useState(profile.first_name);
  const [last, setLast] = useState(profile.last_name);
  const [email, setEmail] = useState(profile.email);
  const [saved, setSaved] = useState(false);
  const errors = update.error instanceof ApiError ? update.error.fieldErrors : {};
  const errorOf = (field: string) => (errors[field]?.[0] ? t(errors[field][0]) : undefined);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    update.mutate({ first_name: first, last_name: last, email }, { onSuccess: () => setSaved(true) });
  };
  return (
    <form
      onSubmit={onSubmit}
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-4"
      noValidate
    >
      <h2 className="text-lg font-semibold text-brand-800">{t('Name and e-mail')}</h2>
      <p className="text-sm text-stone-600">
        {t('Signed in as {{username}} ({{role}}).', { username: profile.username, role: t(profile.role) })}
      </p>
      <Field
        id="profile-first"
        label={t('First name')}
        value={first}
        onChange={setFirst}
        error={errorOf('first_name')}
        autoComplete="given-name"
      />
      <Field
        id="profile-last"
        label={t('Last name')}
        value={last}
        onChange={setLast}
        error={errorOf('last_name')}
        autoComplete="family-name"
      />
      <Field
        id="profile-email"
        label={t('E-mail')}
        type="email"
        value={email}
        onChange={setEmail}
        error={errorOf('email')}
        autoComplete="email"
      />
      <div aria-live="polite">
        {saved && <Alert tone="success">{t('Your profile is saved.')}</Alert>}
        {update.isError && !Object.keys(errors).length && (
          <Alert tone="error">{t('Your profile could not be saved.')}</Alert>
        )}
      </div>
      <button type="submit" className={buttonStyles.primary} disabled={update.isPending}>
        {t('Save profile')}
      </button>
    </form>
  );
}

function PasswordForm({ onChanged }: { onChanged: (message: string) => void }) {
  const { t } = useTranslation(['admin', 'auth'], { nsMode: 'fallback' });
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const errors = change.error instanceof ApiError ? change.error.fieldErrors : {};
  const errorOf = (field: string) => (errors[field]?.[0] ? t(errors[field][0]) : undefined);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate(
      { current_password: current, new_password: next },
      { onSuccess: (r) => onChanged(r.detail) },
    );
  };
  return (
    <form
      onSubmit={onSubmit}
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-4"
      noValidate
    >
      <h2 className="text-lg font-semibold text-brand-800">{t('Password')}</h2>
      <p className="text-sm text-stone-600">
        {t('Changing it signs you out everywhere, this browser included.')}
      </p>
      <Field
        id="profile-current"
        label={t('Current password')}
        type="password"
        value={current}
        onChange={setCurrent}
        error={errorOf('current_password')}
        autoComplete="current-password"
      />
      <Field
        id="profile-new"
        label={t('New password')}
        type="password"
        value={next}
        onChange={setNext}
        error={errorOf('new_password')}
        autoComplete="new-password"
      />
      {change.isError && !Object.keys(errors).length && <Alert tone="error">{t(change.error.message)}</Alert>}
      <button type="submit" className={buttonStyles.primary} disabled={change.isPending}>
        {t('Change password')}
      </button>
    </form>
  );
}

/** My Profile: own name and e-mail, and the password (which ends every session: `onPasswordChanged` signs out). */
export function AdminProfileForms({ onPasswordChanged }: { onPasswordChanged: (message: string) => void }) {
  const { t } = useTranslation(['admin', 'auth'], { nsMode: 'fallback' });
  const profile = useProfile();
  if (profile.isPending) return <Spinner label={t('Loading...')} />;
  if (profile.isError)
    return <Alert tone="error">{t('We could not load your profile. Please try again.')}</Alert>;
  return (
    <div className="grid max-w-4xl gap-4 lg:grid-cols-2">
      <DetailsForm profile={profile.data} />
      <PasswordForm onChanged={onPasswordChanged} />
    </div>
  );
}
