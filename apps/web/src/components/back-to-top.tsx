import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from './ui/line-icon.tsx';

/** Appears after 300 px of scrolling (spec §9). */
export const BACK_TO_TOP_THRESHOLD = 300;

export function BackToTop() {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label={t('Back to top')}
      onClick={() => window.scrollTo({ top: 0 })}
      className="fixed bottom-5 right-5 z-40 rounded-full bg-brand-700 p-3 text-white shadow-lg hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <LineIcon name="arrow-up" />
    </button>
  );
}
