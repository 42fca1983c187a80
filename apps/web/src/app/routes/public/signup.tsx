import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SignupForm } from '../../../features/auth/components/signup-form.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function SignupPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('Create an account'), t("Create a family account to follow your child's sessions."));
  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-brand-800">{t('Create an account')}</h1>
      <p className="mt-2 text-stone-600">
        {t("A family account lets you follow your child's sessions, tutors and progress.")}
      </p>
      <div className="mt-8 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <SignupForm />
      </div>
      <p className="mt-6 text-center text-sm text-stone-700">
        {t('Already have an account?')}{' '}
        <Link to="/login" className="font-semibold text-brand-700 underline">
          {t('Sign in')}
        </Link>
      </p>
    </section>
  );
}
