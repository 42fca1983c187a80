import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
      >
        <path d="M12 19V5M5 12l7-7 7 7" />
      </svg>
    </button>
  );
}
