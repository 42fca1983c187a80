import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { useAccountRequest } from '../hooks/use-account-request.ts';
import { Form } from '../../../components/ui/form.tsx';

/** Asks for a reset link; the answer is the same whether or not the e-mail has an account. */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const request = useAccountRequest(useRequestPasswordReset(), accountMessages.resetRequested);
  const id = useId();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void request.submit(email);
  }

  if (request.done) return <Alert tone="success">{t(request.done)}</Alert>;
  return (
    <Form onSubmit={onSubmit} className="space-y-4">
      {request.problem && <Alert tone="error">{translateMessage(t, request.problem)}</Alert>}
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
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={request.pending}>
        {request.pending ? t('Sending...') : t('Send reset link')}
      </button>
    </Form>
  );
}
