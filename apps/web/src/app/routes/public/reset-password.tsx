import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** Where reset and set-password links land: /reset-password?token=… */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('Choose a new password'), t('Choose a new password for your account.'));
  const [params] = useSearchParams();
  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-brand-800">{t('Choose a new password')}</h1>
      <p className="mt-2 text-stone-600">
        {t('The link works once. After saving, sign in with your new password.')}
      </p>
      <div className="mt-8 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <ResetPasswordForm token={params.get('token') ?? ''} />
      </div>
    </section>
  );
}
