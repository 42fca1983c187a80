import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from '@tibeb/domain/accounts/roles';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { pendingSignInNotice } from '../../../features/auth/hooks/use-auth.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** Sign-in for every role (DESIGN §1.1): to /{role}/dashboard, or to ?next= inside the role's area. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('Sign in'), t('Sign in to your Tibeb Tutoring account: families, tutors and staff.'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const notice = pendingSignInNotice();
  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-brand-800">{t('Sign in')}</h1>
      <p className="mt-2 text-stone-600">{t('Families, tutors and staff sign in here.')}</p>
      {notice && (
        <p
          role="status"
          className="mt-4 rounded-lg border border-brand-200 bg-brand-50 p-3 break-words text-brand-900"
        >
          {t(notice)}
        </p>
      )}
      <div className="mt-8 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <LoginForm
          mode="any"
          onSuccess={(role) => void navigate(safeNextPath(params.get('next'), role), { replace: true })}
          links={
            <Link to="/forgot-password" className="text-brand-700 underline">
              {t('Forgot password?')}
            </Link>
          }
        />
      </div>
      <p className="mt-6 text-center text-sm text-stone-700">
        {t('New to Tibeb Tutoring?')}{' '}
        <Link to="/signup" className="font-semibold text-brand-700 underline">
          {t('Create a family account')}
        </Link>
      </p>
    </section>
  );
}
