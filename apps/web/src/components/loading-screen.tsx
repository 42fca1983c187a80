import { useTranslation } from 'react-i18next';

/** The fallback while a route's code or the role loads (spec §2: 'Loading...'). */
export function LoadingScreen() {
  const { t } = useTranslation('common');
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-stone-600">
      {t('Loading...')}
    </div>
  );
}
