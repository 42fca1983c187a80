import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { translateMessage, type Problem } from '../../../lib/translate-message.ts';
import { registerProblem, useRegister } from '../api/register.ts';
import { Form } from '../../../components/ui/form.tsx';

const empty = { username: '', email: '', password: '', confirm: '' };

/** Creates a family account (spec §4 "Signup", §5, §8). */
export function SignupForm() {
  const { t } = useTranslation('auth');
  const [fields, setFields] = useState(empty);
  const [error, setError] = useState<Problem | null>(null);
  const [success, setSuccess] = useState('');
  const mutation = useRegister();
  const id = useId();
  const set = (key: keyof typeof empty) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSuccess('');
    if (fields.password !== fields.confirm) {
      setError(accountMessages.passwordsMismatch);
      return;
    }
    try {
      const res = await mutation.mutateAsync({
        username: fields.username,
        email: fields.email,
        password: fields.password,
      });
      setSuccess(res.detail || accountMessages.registrationSuccess);
      setFields(empty);
    } catch (err) {
      setError(registerProblem(err));
    }
  }

  const input = (key: keyof typeof empty, label: string, props: Record<string, string> = {}) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        name={key}
        className={inputStyles}
        required
        value={fields[key]}
        onChange={set(key)}
        {...props}
      />
    </div>
  );

  return (
    <Form onSubmit={onSubmit} className="space-y-4">
      {error && <Alert tone="error">{translateMessage(t, error)}</Alert>}
      {success && <Alert tone="success">{t(success)}</Alert>}
      {input('username', t('Username'), { autoComplete: 'username', autoCapitalize: 'none' })}
      {input('email', t('Email'), { type: 'email', autoComplete: 'email' })}
      {input('password', t('Password'), {
        type: 'password',
        autoComplete: 'new-password',
        'aria-describedby': `${id}-hint`,
      })}
      <p id={`${id}-hint`} className="-mt-2 text-xs text-stone-600">
        {t('At least 8 characters, with a letter and a number.')}
      </p>
      {input('confirm', t('Confirm password'), { type: 'password', autoComplete: 'new-password' })}
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={mutation.isPending}>
        {mutation.isPending ? t(accountMessages.registering) : t('Sign up')}
      </button>
    </Form>
  );
}
