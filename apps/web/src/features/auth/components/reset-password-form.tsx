import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useConfirmPasswordReset } from '../api/password-reset.ts';
import { useAccountRequest } from '../hooks/use-account-request.ts';
import { NextStep } from './next-step.tsx';
import { Form } from '../../../components/ui/form.tsx';

/** Sets a new password with the token of a reset or set-password link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const request = useAccountRequest(useConfirmPasswordReset(), accountMessages.passwordSet);
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

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (password !== confirm) request.setProblem(accountMessages.passwordsMismatch);
    else void request.submit({ token, password });
  }

  if (request.done) {
    return (
      <NextStep tone="success" to="/login" label={t('Go to sign in')}>
        {t(request.done)}
      </NextStep>
    );
  }
  return (
    <Form onSubmit={onSubmit} className="space-y-4">
      {request.problem && <Alert tone="error">{translateMessage(t, request.problem)}</Alert>}
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
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={request.pending}>
        {request.pending ? t('Saving...') : t('Save new password')}
      </button>
    </Form>
  );
}
