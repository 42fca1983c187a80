import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';

/** Asks for a reset link; the answer is the same whether or not the e-mail has an account. */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const mutation = useRequestPasswordReset();
  const id = useId();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError('');
    try {
      const res = await mutation.mutateAsync(email);
      setDone(res.detail || accountMessages.resetRequested);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : accountMessages.networkError);
    }
  }

  if (done) return <Alert tone="success">{t(done)}</Alert>;
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {error && <Alert tone="error">{t(error)}</Alert>}
      <div>
        <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium">
          {t('Email')}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          className={inputStyles}
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={mutation.isPending}>
        {mutation.isPending ? t('Sending...') : t('Send reset link')}
      </button>
    </form>
  );
}
