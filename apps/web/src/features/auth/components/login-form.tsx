import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { isAdminRole, normalizeRole } from '@tibeb/domain/accounts/roles';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { decodeTokenClaims, saveSession } from '../../../lib/auth-storage.ts';
import { translateMessage, type Problem } from '../../../lib/translate-message.ts';
import { loginProblem, useLogin } from '../api/login.ts';
import { revokeRefreshToken } from '../api/session.ts';
import { clearLogoutIntent } from '../hooks/use-auth.ts';
import { Form } from '../../../components/ui/form.tsx';

type LoginFormProps = {
  /** 'admin': the header dialog, which admits only admin-level roles (spec §5). */
  mode: 'admin' | 'any';
  onSuccess: (role: string) => void;
  /** Extra controls beside the submit button (Cancel in the dialog). */
  actions?: ReactNode;
  links?: ReactNode;
  /**
   * Where the accounts this form refuses sign in (the dialog's link to /login, issue 32 item 8): with the links
   * until the refusal shows, then right under it.
   */
  elsewhere?: ReactNode;
};

const isWrongCredentials = (error: Problem) =>
  typeof error === 'string'
    ? error === accountMessages.invalidCredentials
    : error.code === 'invalid_credentials' || error.message === accountMessages.invalidCredentials;

/** Username and password; stores the session and answers the role (spec §4 "Login"). */
export function LoginForm({ mode, onSuccess, actions, links, elsewhere }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<Problem | null>(null);
  const mutation = useLogin();
  const id = useId();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const res = await mutation.mutateAsync({ username, password });
      // The role claim of the access token decides (spec §5); the answer's role is the same value.
      const role = normalizeRole(decodeTokenClaims(res.access)?.role ?? res.role);
      if (mode === 'admin' && !isAdminRole(role)) {
        setError(accountMessages.accessDenied);
        // The refused session is not kept: revoke the refresh token the server just issued.
        revokeRefreshToken(res.refresh);
        return;
      }
      clearLogoutIntent();
      saveSession({ access: res.access, refresh: res.refresh, role });
      onSuccess(role);
    } catch (err) {
      setError(loginProblem(err));
    }
  }

  const submitting = mutation.isPending;
  const refused = error === accountMessages.accessDenied;
  return (
    <Form onSubmit={onSubmit} className="space-y-4">
      {error && <Alert tone="error">{translateMessage(t, error)}</Alert>}
      {refused && elsewhere}
      {error && mode === 'any' && isWrongCredentials(error) && (
        // A sign-up is an account only once its address is confirmed (decision 220): until then its sign-in
        // fails like any wrong password, so the page says what to do without saying which it was.
        <p className="text-sm text-stone-600">{t(accountMessages.loginUnconfirmedHint)}</p>
      )}
      <div>
        <label htmlFor={`${id}-username`} className="mb-1 block text-sm font-medium">
          {t('Username')}
        </label>
        <input
          id={`${id}-username`}
          name="username"
          className={inputStyles}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-password`} className="mb-1 block text-sm font-medium">
          {t('Password')}
        </label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          className={inputStyles}
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1 text-sm">
          {links}
          {!refused && elsewhere}
        </div>
        <div className="flex gap-2">
          {actions}
          <button type="submit" className={buttonStyles.primary} disabled={submitting} aria-busy={submitting}>
            {submitting && (
              <span
                role="status"
                aria-label={t('Signing in')}
                className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent motion-reduce:animate-none"
              />
            )}
            {t('Sign In')}
          </button>
        </div>
      </div>
    </Form>
  );
}
