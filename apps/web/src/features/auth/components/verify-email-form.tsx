import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useVerifyEmail } from '../api/verify-email.ts';

/**
 * Confirms an e-mail address with the token of a verification link. A button rather than an automatic call:
 * mail scanners that open links must not use the single-use token up.
 */
export function VerifyEmailForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const mutation = useVerifyEmail();

  if (!token) return <Alert tone="error">{t(accountMessages.resetLinkInvalid)}</Alert>;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError('');
    try {
      const res = await mutation.mutateAsync(token);
      setDone(res.detail || accountMessages.emailVerified);
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
  if (error) {
    // A used or expired link: a password reset link proves the address too (and comes by e-mail at once).
    return (
      <div className="space-y-4">
        <Alert tone="error">{t(error)}</Alert>
        <Link to="/forgot-password" className={buttonStyles.secondary}>
          {t('Get a new link by email')}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={mutation.isPending}>
        {mutation.isPending ? t(accountMessages.verifyingEmail) : t('Confirm my email address')}
      </button>
    </form>
  );
}
