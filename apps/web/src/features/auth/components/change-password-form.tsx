import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';
import { translateFieldError } from '../../../lib/translate-message.ts';
import { FieldErrorText } from '../../../components/ui/field.tsx';

/**
 * One's own new password after the current one (tutor profile, family settings). Every session ends on
 * success: `onChanged` gets the server's message and signs the user out.
 */
export function ChangePasswordForm({ onChanged }: { onChanged: (message: string) => void }) {
  const { t } = useTranslation('auth');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useChangePassword();
  const errors = change.error instanceof ApiError ? change.error.fieldErrors : {};
  return (
    <form
      className="space-y-4"
      aria-labelledby="password-heading"
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate(
          { current_password: current, new_password: next },
          { onSuccess: (r) => onChanged(r.detail) },
        );
      }}
    >
      <h2 id="password-heading" className="text-lg font-semibold text-stone-900">
        {t('Password')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label className="block">
            <span className="mb-1 block font-medium">{t('Current password')}</span>
            <input
              type="password"
              className={inputStyles}
              value={current}
              autoComplete="current-password"
              aria-describedby={errors.current_password?.length ? 'current-error' : undefined}
              aria-invalid={errors.current_password?.length ? true : undefined}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </label>
          <FieldErrorText id="current-error">
            {translateFieldError(t, change.error, 'current_password')}
          </FieldErrorText>
        </div>
        <div>
          <label className="block">
            <span className="mb-1 block font-medium">{t('New password')}</span>
            <input
              type="password"
              className={inputStyles}
              value={next}
              autoComplete="new-password"
              aria-describedby={errors.new_password?.length ? 'new-help new-error' : 'new-help'}
              aria-invalid={errors.new_password?.length ? true : undefined}
              onChange={(e) => setNext(e.target.value)}
            />
          </label>
          <p id="new-help" className="mt-1 text-sm text-stone-600">
            {t('At least 8 characters with a letter and a number.')}
          </p>
          <FieldErrorText id="new-error">
            {translateFieldError(t, change.error, 'new_password')}
          </FieldErrorText>
        </div>
      </div>
      <button type="submit" className={buttonStyles.primary} disabled={change.isPending}>
        {t('Change password')}
      </button>
    </form>
  );
}
