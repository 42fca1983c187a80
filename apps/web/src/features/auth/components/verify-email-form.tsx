import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { useAccountRequest } from '../hooks/use-account-request.ts';
import { NextStep } from './next-step.tsx';
import { Form } from '../../../components/ui/form.tsx';

/**
 * Confirms an e-mail address with the token of a verification link. A button rather than an automatic call:
 * mail scanners that open links must not use the single-use token up.
 */
export function VerifyEmailForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const request = useAccountRequest(useVerifyEmail(), accountMessages.emailVerified);

  if (!token) return <Alert tone="error">{t(accountMessages.resetLinkInvalid)}</Alert>;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void request.submit(token);
  }

  if (request.done) {
    return (
      <NextStep tone="success" to="/login" label={t('Go to sign in')}>
        {t(request.done)}
      </NextStep>
    );
  }
  if (request.problem) {
    // A used or expired link: a password reset link proves the address too (and comes by e-mail at once).
    return (
      <NextStep tone="error" to="/forgot-password" label={t('Get a new link by email')}>
        {translateMessage(t, request.problem)}
      </NextStep>
    );
  }
  return (
    <Form onSubmit={onSubmit} className="space-y-4">
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={request.pending}>
        {request.pending ? t(accountMessages.verifyingEmail) : t('Confirm my email address')}
      </button>
    </Form>
  );
}
