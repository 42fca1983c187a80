import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirmPasswordReset } from '../api/password-reset.ts';

/** Sets a new password with the token of a reset or set-password link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const mutation = useConfirmPasswordReset();
  const id = useId();

  if (!token) {
    return (
      <Alert tone="error">
        {t(accountMessages.resetLinkInvalid)}{' '}
        <Link to="/forgot-password" className="font-semibold underline">
          {t('Request a new link')}
        </Link>
      </Alert>
    );
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError('');
    if (password !== confirm) {
      setError(accountMessages.passwordsMismatch);
      return;
    }
    try {
      const res = await mutation.mutateAsync({ token, password });
      setDone(res.detail || accountMessages.passwordSet);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : accountMessages.networkError);
    }
  }

  if (done) {
    return (
      <div className="space-y-4">
        <Alert tone="success">{t(done)}</Alert>
        <Link to="/login" className={buttonStyles.primary}>
          {t('Go to sign in')}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {error && <Alert tone="error">{t(error)}</Alert>}
      <div>
        <label htmlFor={`${id}-password`} className="mb-1 block text-sm font-medium">
          {t('New password')}
        </label>
        <input
          id={`${id}-password`}
          type="password"
          className={inputStyles}
          autoComplete="new-password"
          required
          aria-describedby={`${id}-hint`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {t('At least 8 characters, with a letter and a number.')}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-confirm`} className="mb-1 block text-sm font-medium">
          {t('Confirm new password')}
        </label>
        <input
          id={`${id}-confirm`}
          type="password"
          className={inputStyles}
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
      </div>
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={mutation.isPending}>
        {mutation.isPending ? t('Saving...') : t('Save new password')}
      </button>
    </form>
  );
}
