import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('Forgot password'), t('Reset your Tibeb Tutoring password.'));
  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-brand-800">{t('Forgot password')}</h1>
      <p className="mt-2 text-stone-600">
        {t('Enter the email of your account and we will send you a link to choose a new password.')}
      </p>
      <div className="mt-8 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <ForgotPasswordForm />
      </div>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-brand-700 underline">
          {t('Back to sign in')}
        </Link>
      </p>
    </section>
  );
}
