import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { LoginForm } from './login-form.tsx';

/**
 * The header's Sign In dialog: admits only admin-level roles and goes to /admin/dashboard (spec §1, §4, §5).
 * Families and tutors are shown the way to /login, beside the spec's refusal and before it (decision 247).
 */
export function LoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <Dialog open={open} onClose={onClose} title={t('Sign In')}>
      <LoginForm
        mode="admin"
        onSuccess={() => {
          onClose();
          void navigate('/admin/dashboard');
        }}
        links={
          <Link to="/forgot-password" className="text-brand-700 underline" onClick={onClose}>
            {t('Forgot password?')}
          </Link>
        }
        elsewhere={
          <Link
            to="/login"
            className="block text-sm font-semibold text-brand-700 underline"
            onClick={onClose}
          >
            {t('Families and tutors: sign in here')}
          </Link>
        }
        actions={
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            {t('Cancel')}
          </button>
        }
      />
    </Dialog>
  );
}
