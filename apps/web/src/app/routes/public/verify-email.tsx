import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { VerifyEmailForm } from '../../../features/auth/components/verify-email-form.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** Where the sign-up verification link lands: /verify-email?token=… */
export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('Confirm your email address'), t('Confirm the email address of your account.'));
  const [params] = useSearchParams();
  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-brand-800">{t('Confirm your email address')}</h1>
      <p className="mt-2 text-stone-600">
        {t('Once it is confirmed, bookings made with this address appear in your account.')}
      </p>
      <div className="mt-8 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <VerifyEmailForm token={params.get('token') ?? ''} />
      </div>
    </section>
  );
}
