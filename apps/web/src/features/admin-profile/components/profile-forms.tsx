import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminProfile } from '@tibeb/domain/admin/profile';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateAnswer, translateFieldError } from '../../../lib/translate-message.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useProfile, useUpdateProfile } from '../api/profile.ts';

/** An input: its name in the request body (whose field errors it shows), label, value, autocomplete and type. */
type FieldSpec = [
  name: string,
  label: string,
  value: string,
  set: (v: string) => void,
  autoComplete: string,
  type?: string,
];

/**
 * One of the page's two forms: its heading and note, its inputs (each with the server's field error, a key of
 * 'admin' or 'auth', below it), what came of the last save (`children`) and its button.
 */
function ProfileForm({
  title,
  note,
  fields,
  error,
  submit,
  pending,
  onSubmit,
  children,
}: {
  title: string;
  note: string;
  fields: FieldSpec[];
  /** The last save's failure, whose field errors go under their inputs. */
  error: unknown;
  submit: string;
  pending: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(['admin', 'auth'], { nsMode: 'fallback' });
  const id = useId();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-4"
      noValidate
    >
      <h2 className="text-lg font-semibold text-brand-800">{title}</h2>
      <p className="text-sm text-stone-600">{note}</p>
      {fields.map(([name, label, value, set, autoComplete, type = 'text']) => {
        const message = translateFieldError(t, error, name);
        return (
          <Field key={name} id={`${id}-${name}`} label={label} error={message}>
            <input
              id={`${id}-${name}`}
              type={type}
              className={inputStyles}
              value={value}
              autoComplete={autoComplete}
              onChange={(e) => set(e.target.value)}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-${name}-error` : undefined}
            />
          </Field>
        );
      })}
      {children}
      <button type="submit" className={buttonStyles.primary} disabled={pending}>
        {submit}
      </button>
    </form>
  );
}

/** True when the failure has field errors: they are shown beside their fields, not as one alert. */
const hasFieldErrors = (error: unknown) =>
  error instanceof ApiError && Object.keys(error.fieldErrors).length > 0;

/*
 * Each form's t() reads 'admin', then 'auth': the field errors are the account messages of the sign-in pages
 * (locales/am/auth.json), shown through t(message); any other answer is translated by its code.
 */
function DetailsForm({ profile }: { profile: AdminProfile }) {
  const { t } = useTranslation(['admin', 'auth'], { nsMode: 'fallback' });
  const update = useUpdateProfile();
  const [first, setFirst] = useState(profile.first_name);
  const [last, setLast] = useState(profile.last_name);
  const [email, setEmail] = useState(profile.email);
  const [saved, setSaved] = useState(false);
  return (
    <ProfileForm
      title={t('Name and e-mail')}
      note={t('Signed in as {{username}} ({{role}}).', { username: profile.username, role: t(profile.role) })}
      fields={[
        ['first_name', t('First name'), first, setFirst, 'given-name'],
        ['last_name', t('Last name'), last, setLast, 'family-name'],
        ['email', t('E-mail'), email, setEmail, 'email', 'email'],
      ]}
      error={update.error}
      submit={t('Save profile')}
      pending={update.isPending}
      onSubmit={() => {
        setSaved(false);
        update.mutate({ first_name: first, last_name: last, email }, { onSuccess: () => setSaved(true) });
      }}
    >
      <div aria-live="polite">
        {saved && <Alert tone="success">{t('Your profile is saved.')}</Alert>}
        {update.isError && !hasFieldErrors(update.error) && (
          <Alert tone="error">{t('Your profile could not be saved.')}</Alert>
        )}
      </div>
    </ProfileForm>
  );
}

function PasswordForm({ onChanged }: { onChanged: (message: string) => void }) {
  const { t } = useTranslation(['admin', 'auth'], { nsMode: 'fallback' });
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  return (
    <ProfileForm
      title={t('Password')}
      note={t('Changing it signs you out everywhere, this browser included.')}
      fields={[
        ['current_password', t('Current password'), current, setCurrent, 'current-password', 'password'],
        ['new_password', t('New password'), next, setNext, 'new-password', 'password'],
      ]}
      error={change.error}
      submit={t('Change password')}
      pending={change.isPending}
      onSubmit={() =>
        change.mutate(
          { current_password: current, new_password: next },
          { onSuccess: (r) => onChanged(r.detail) },
        )
      }
    >
      {change.isError && !hasFieldErrors(change.error) && (
        <Alert tone="error">
          {translateAnswer(t, change.error) ?? t('Your password could not be changed.')}
        </Alert>
      )}
    </ProfileForm>
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
