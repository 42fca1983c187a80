import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';
import { decodeTokenClaims, saveSession } from '../../../lib/auth-storage.ts';

const ADMIN_ROLES = ['admin', 'staff', 'superuser'];

/** The header's Sign In dialog: admits only admin-level roles (spec §1, §5). */
export function LoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const navigate = useNavigate();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError('');
    setSubmitting(true);
    try {
      const res = await api.post<{ access: string; refresh?: string }>('/accounts/login/', {
        username,
        password,
      });
      const role = String(decodeTokenClaims(res.access)?.role ?? '').toLowerCase();
      if (!ADMIN_ROLES.includes(role)) {
        setError('Access denied: Only admins can log in.');
        return;
      }
      saveSession({ access: res.access, refresh: res.refresh, role });
      onClose();
      void navigate('/admin/dashboard');
    } catch (err) {
      setError(err instanceof ApiError ? err.message || 'Invalid credentials' : 'Login failed');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title="Sign In">
      <form onSubmit={onSubmit} className="space-y-4" noValidate={false}>
        {error && <Alert tone="error">{error}</Alert>}
        <div>
          <label htmlFor="login-username" className="mb-1 block text-sm font-medium">
            Username
          </label>
          <input
            id="login-username"
            className={inputStyles}
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="login-password" className="mb-1 block text-sm font-medium">
            Password
          </label>
          <input
            id="login-password"
            type="password"
            className={inputStyles}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className="flex items-center justify-between gap-3">
          <Link to="/forgot-password" className="text-sm text-brand-700 underline" onClick={onClose}>
            Forgot password?
          </Link>
          <div className="flex gap-2">
            <button type="button" className={buttonStyles.secondary} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={buttonStyles.primary} disabled={submitting}>
              {submitting && (
                <span
                  aria-hidden="true"
                  className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent"
                />
              )}
              Sign In
            </button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
