import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@tibeb/domain/accounts/contracts';
import { roles, type Role } from '@tibeb/domain/accounts/roles';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { translateAnswer, translateFieldError } from '../../../lib/translate-message.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useUpdateUser } from '../api/update-user.ts';

type Fields = {
  username: string;
  email: string;
  role: Role;
  first_name: string;
  last_name: string;
  phone: string;
  password: string;
  is_active: boolean;
};

/** Add or edit an account. A new account without a password receives a set-password e-mail. */
export function UserForm({ user, onSaved }: { user?: User; onSaved: (user: User) => void }) {
  // The field errors and the roles are the sign-in pages' texts ('auth'), shown through t(message); other
  // answers are translated by their code.
  const { t } = useTranslation(['admin', 'auth'], { nsMode: 'fallback' });
  const [f, setF] = useState<Fields>({
    username: user?.username ?? '',
    email: user?.email ?? '',
    role: user?.role ?? 'student',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    phone: user?.phone ?? '',
    password: '',
    is_active: user?.is_active ?? true,
  });
  const [error, setError] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const fieldErrors = failure instanceof ApiError ? failure.fieldErrors : {};
  const create = useCreateUser();
  const update = useUpdateUser();
  const id = useId();
  const pending = create.isPending || update.isPending;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError('');
    setFailure(null);
    const common = {
      username: f.username,
      email: f.email,
      role: f.role,
      first_name: f.first_name,
      last_name: f.last_name,
      phone: f.phone,
      ...(f.password ? { password: f.password } : {}),
    };
    try {
      const saved = user
        ? await update.mutateAsync({ id: user.id, body: { ...common, is_active: f.is_active } })
        : await create.mutateAsync(common);
      onSaved(saved);
    } catch (err) {
      setError(translateAnswer(t, err) ?? t('Network error. Please try again later.'));
      setFailure(err);
    }
  }

  const text = (
    key: 'username' | 'email' | 'first_name' | 'last_name' | 'phone' | 'password',
    label: string,
    props: Record<string, unknown> = {},
  ) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        className={inputStyles}
        value={f[key]}
        onChange={(e) => setF((s) => ({ ...s, [key]: e.target.value }))}
        aria-invalid={fieldErrors[key] ? true : undefined}
        aria-describedby={fieldErrors[key] ? `${id}-${key}-error` : undefined}
        {...props}
      />
      {fieldErrors[key] && (
        <p id={`${id}-${key}-error`} className="mt-1 text-sm text-red-700">
          {translateFieldError(t, failure, key)}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={onSubmit} className="max-w-2xl space-y-4 rounded-xl border border-stone-200 bg-white p-5">
      {error && <Alert tone="error">{error}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('username', t('Username'), { required: true, autoComplete: 'off' })}
        {text('email', t('Email'), { required: true, type: 'email', autoComplete: 'off' })}
        {text('first_name', t('First name'))}
        {text('last_name', t('Last name'))}
        {text('phone', t('Phone'), { type: 'tel' })}
        <div>
          <label htmlFor={`${id}-role`} className="mb-1 block text-sm font-medium">
            {t('Role')}
          </label>
          <select
            id={`${id}-role`}
            className={inputStyles}
            value={f.role}
            onChange={(e) => setF((s) => ({ ...s, role: e.target.value as Role }))}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(r)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {text('password', user ? t('New password (optional)') : t('Password (optional)'), {
        type: 'password',
        autoComplete: 'new-password',
      })}
      <p className="-mt-2 text-xs text-stone-600">
        {user
          ? t('Leave empty to keep the current password.')
          : t('Leave empty to e-mail the person a link to choose their own password.')}
      </p>
      {user && (
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={f.is_active}
            onChange={(e) => setF((s) => ({ ...s, is_active: e.target.checked }))}
          />
          {t('Active (can sign in)')}
        </label>
      )}
      <button type="submit" className={buttonStyles.primary} disabled={pending}>
        {pending ? t('Saving...') : user ? t('Save changes') : t('Create user')}
      </button>
    </form>
  );
}
