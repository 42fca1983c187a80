import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** Spec §9: the 404 page returns home after 5 seconds. */
export const NOT_FOUND_REDIRECT_MS = 5000;

export default function NotFoundPage() {
  const { t } = useTranslation('public');
  // Answered with status 404 wherever it shows: an unknown address, tutor or subject (issue 28).
  usePageMeta(t('Page not found'), t('The page you were looking for does not exist.'), { status: 404 });
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/', { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-semibold">{t('Page not found')}</h1>
      <p className="mt-2 text-stone-600">
        {t('We could not find that page. You will be taken to the home page in 5 seconds.')}
      </p>
      <Link to="/" className={`${buttonStyles.primary} mt-6`}>
        {t('Go home now')}
      </Link>
    </section>
  );
}
